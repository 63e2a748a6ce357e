// Device licences (spec sections 3, 4 'Licence', 7 'Licences') and app builds for pre-release and
// download pages (spec section 2 'Downloads and pre-releases'). Seats are counted on the contract
// (licenses_used), changed only by a conditional update inside the claim's transaction; a partial
// unique index lets a device hold one active licence at a time.
import type { Kysely } from 'kysely';
import { sql, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('licence_products'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('licence_products_key_lower').on('licence_products').unique().expression(sql`lower(key_name)`).execute();

  await withId(db, db.schema.createTable('licence_product_modules'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('licence_products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('licence_product_modules_name').on('licence_product_modules').unique().columns(['product_id', 'name']).execute();

  await withId(db, db.schema.createTable('licence_contracts'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('licence_products.id'))
    .addColumn('agreement_type', 'integer', (c) => c.notNull())
    .addColumn('number_of_licenses_allowed', 'integer', (c) => c.notNull())
    .addColumn('licenses_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agreement_creation_date', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('licence_contracts_org').on('licence_contracts').columns(['organisation_id']).execute();
  await db.schema.createIndex('licence_contracts_user').on('licence_contracts').columns(['user_id']).execute();

  await db.schema
    .createTable('licence_contract_modules')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('licence_contracts.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('licence_product_modules.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('licence_contract_modules_pk', ['contract_id', 'module_id'])
    .execute();

  await withId(db, db.schema.createTable('licences'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('licence_contracts.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_serial_number', 'text', (c) => c.notNull())
    .addColumn('license_colour', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('relinquished_at', 'text')
    .addColumn('relinquished_by', 'integer')
    .execute();
  // One active licence per device, whatever races.
  await db.schema
    .createIndex('licences_active_device')
    .on('licences')
    .unique()
    .column('device_id')
    .where(sql.ref('relinquished_at'), 'is', null)
    .execute();
  await db.schema.createIndex('licences_contract').on('licences').columns(['contract_id', 'relinquished_at']).execute();

  await withId(db, db.schema.createTable('app_builds'))
    .addColumn('app', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_builds_latest').on('app_builds').columns(['channel', 'app', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
