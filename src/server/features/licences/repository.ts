// Licence products, contracts and licences (spec section 3). Seats are counted on the contract in
// licenses_used; claim and relinquish change it inside one transaction with a conditional update,
// so two claims can never take the same last seat (DESIGN section 8).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { groupRows } from '../../lib/group-rows.js';

export type ContractRow = Awaited<ReturnType<ReturnType<typeof licencesRepository>['contracts']>>[number];
export type LicenceRow = NonNullable<Awaited<ReturnType<ReturnType<typeof licencesRepository>['activeLicenceForDevice']>>>;

/** A unique index refused the row (SQLite and PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export class SeatTaken extends Error {}
export class DeviceLicensed extends Error {}

export function licencesRepository(db: DB) {
  const contractQuery = (q: DB | Transaction<Database> = db) =>
    q
      .selectFrom('licence_contracts as c')
      .innerJoin('licence_products as p', 'p.id', 'c.product_id')
      .leftJoin('organisations as o', 'o.id', 'c.organisation_id')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.id',
        'c.agreement_type',
        'c.number_of_licenses_allowed',
        'c.licenses_used',
        'c.agreement_creation_date',
        'c.expires_at',
        'c.organisation_id',
        'c.user_id',
        'p.id as product_id',
        'p.name as product_name',
        'p.key_name as product_key',
        'o.name as organisation_name',
        'u.first_name as user_first_name',
        'u.last_name as user_last_name',
      ]);

  const licenceQuery = () =>
    db
      .selectFrom('licences as l')
      .innerJoin('licence_contracts as c', 'c.id', 'l.contract_id')
      .innerJoin('licence_products as p', 'p.id', 'c.product_id')
      .select([
        'l.id',
        'l.contract_id',
        'l.device_id',
        'l.device_serial_number',
        'l.license_colour',
        'l.claimed_by',
        'l.claimed_at',
        'c.agreement_type',
        'c.organisation_id',
        'c.user_id',
        'c.expires_at',
        'p.id as product_id',
        'p.name as product_name',
        'p.key_name as product_key',
      ])
      .where('l.relinquished_at', 'is', null);

  return {
    /** Contracts of a user and their organisation, optionally of one product key (any case); all when owner is null. */
    contracts(owner: { userId: number; organisationId: number | null } | null, productKey?: string) {
      return contractQuery()
        .$if(owner !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('c.user_id', '=', owner!.userId),
              ...(owner!.organisationId != null ? [eb('c.organisation_id', '=', owner!.organisationId)] : []),
            ]),
          ),
        )
        .$if(productKey !== undefined, (q) => q.where(sql`lower(p.key_name)`, '=', productKey!.toLowerCase()))
        .orderBy('c.id', 'asc')
        .execute();
    },

    contractById(id: number) {
      return contractQuery().where('c.id', '=', id).executeTakeFirst();
    },

    /** Modules of several contracts in one query, by contract id. */
    async modulesOfContracts(ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('licence_contract_modules as cm')
        .innerJoin('licence_product_modules as m', 'm.id', 'cm.module_id')
        .select(['cm.contract_id', 'm.id', 'm.name'])
        .where('cm.contract_id', 'in', ids)
        .orderBy('m.name')
        .execute();
      return groupRows(rows, (r) => r.contract_id, (r) => ({ id: r.id, name: r.name }));
    },

    /** The device's active licence (of any product), with its contract and product. */
    activeLicenceForDevice(deviceId: string) {
      return licenceQuery().where('l.device_id', '=', deviceId).executeTakeFirst();
    },

    activeLicenceById(id: number) {
      return licenceQuery().where('l.id', '=', id).executeTakeFirst();
    },

    /**
     * Take a seat and create the licence in one transaction. The seat is taken by a conditional
     * update (used < allowed), which PostgreSQL evaluates under the row lock and SQLite runs on its
     * single writer; the device's active licence is unique by index. Throws SeatTaken or DeviceLicensed.
     */
    async claim(input: { contractId: number; deviceId: string; serial: string; colour: string; userId: number }): Promise<number> {
      try {
        return await db.transaction().execute(async (trx) => {
          const taken = await trx
            .updateTable('licence_contracts')
            .set((eb) => ({ licenses_used: eb('licenses_used', '+', 1) }))
            .where('id', '=', input.contractId)
            .whereRef('licenses_used', '<', 'number_of_licenses_allowed')
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) throw new SeatTaken();
          const row = await trx
            .insertInto('licences')
            .values({
              contract_id: input.contractId,
              device_id: input.deviceId,
              device_serial_number: input.serial,
              license_colour: input.colour,
              claimed_by: input.userId,
              claimed_at: now(),
              relinquished_at: null,
              relinquished_by: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DeviceLicensed();
        throw err;
      }
    },

    /** End an active licence and free its seat; false when it was not active (already relinquished). */
    async relinquish(licenceId: number, byUserId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('licences')
          .set({ relinquished_at: now(), relinquished_by: byUserId })
          .where('id', '=', licenceId)
          .where('relinquished_at', 'is', null)
          .returning('contract_id')
          .executeTakeFirst();
        if (!ended) return false;
        await trx
          .updateTable('licence_contracts')
          .set((eb) => ({ licenses_used: eb('licenses_used', '-', 1) }))
          .where('id', '=', ended.contract_id)
          .where('licenses_used', '>', 0)
          .execute();
        return true;
      });
    },

    /** Active licences of a contract (the admin seat board). */
    seats(contractId: number) {
      return db
        .selectFrom('licences as l')
        .innerJoin('users as u', 'u.id', 'l.claimed_by')
        .select([
          'l.id',
          'l.device_id',
          'l.device_serial_number',
          'l.license_colour',
          'l.claimed_at',
          'u.id as user_id',
          'u.username',
          'u.first_name',
          'u.last_name',
        ])
        .where('l.contract_id', '=', contractId)
        .where('l.relinquished_at', 'is', null)
        .orderBy('l.claimed_at', 'asc')
        .orderBy('l.id', 'asc')
        .execute();
    },

    // ---- products and modules ----

    async products() {
      const products = await db.selectFrom('licence_products').select(['id', 'name', 'key_name']).orderBy('name').execute();
      const modules = await db.selectFrom('licence_product_modules').select(['id', 'name', 'product_id']).orderBy('name').execute();
      return products.map((p) => ({ ...p, modules: modules.filter((m) => m.product_id === p.id).map(({ id, name }) => ({ id, name })) }));
    },

    productById(id: number) {
      return db.selectFrom('licence_products').select(['id', 'name', 'key_name']).where('id', '=', id).executeTakeFirst();
    },

    /** A new product; null when its key name is taken (any case). */
    async createProduct(name: string, keyName: string): Promise<number | null> {
      try {
        const row = await db.insertInto('licence_products').values({ name, key_name: keyName, created_at: now() }).returning('id').executeTakeFirstOrThrow();
        return row.id;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** A new module of a product; null when the product already has one of that name. */
    async createModule(productId: number, name: string): Promise<number | null> {
      try {
        const row = await db.insertInto('licence_product_modules').values({ product_id: productId, name, created_at: now() }).returning('id').executeTakeFirstOrThrow();
        return row.id;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    modulesOfProduct(productId: number) {
      return db.selectFrom('licence_product_modules').select(['id', 'name']).where('product_id', '=', productId).orderBy('name').execute();
    },

    // ---- contracts ----

    async createContract(input: {
      productId: number;
      agreementType: number;
      seats: number;
      moduleIds: number[];
      organisationId: number | null;
      userId: number | null;
      expiresAt: string | null;
      createdBy: number;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('licence_contracts')
          .values({
            product_id: input.productId,
            agreement_type: input.agreementType,
            number_of_licenses_allowed: input.seats,
            licenses_used: 0,
            agreement_creation_date: now(),
            organisation_id: input.organisationId,
            user_id: input.userId,
            expires_at: input.expiresAt,
            created_by: input.createdBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (input.moduleIds.length) {
          await trx.insertInto('licence_contract_modules').values(input.moduleIds.map((module_id) => ({ contract_id: row.id, module_id }))).execute();
        }
        return row.id;
      });
    },

    async updateContract(id: number, patch: { number_of_licenses_allowed?: number; expires_at?: string | null }) {
      if (!Object.keys(patch).length) return;
      await db.updateTable('licence_contracts').set(patch).where('id', '=', id).execute();
    },

    organisations() {
      return db.selectFrom('organisations').select(['id', 'name', 'organisation_code']).orderBy('name').execute();
    },

    organisationById(id: number) {
      return db.selectFrom('organisations').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    userByUsername(username: string) {
      return db.selectFrom('users').select(['id', 'username']).where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
    },

    async audit(actorId: number, action: string, targetType: string, targetId: number, detail: Record<string, unknown>) {
      await db
        .insertInto('audit_log')
        .values({ actor_id: actorId, action, target_type: targetType, target_id: String(targetId), detail: JSON.stringify(detail), created_at: now() })
        .execute();
    },
  };
}

export type LicencesRepository = ReturnType<typeof licencesRepository>;
