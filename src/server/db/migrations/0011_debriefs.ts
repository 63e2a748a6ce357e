// Debriefs of the teaching area (TMS): one row per finished session a device handed over,
// owned by the educator who ran it. The student and scenario are copied as the device named them
// (a trainee is no user of the community); scores and the event log are kept as the JSON they came in.
import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('debriefs'))
    .addColumn('uuid_id', 'text', (c) => c.notNull().unique())
    .addColumn('educator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('student_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('student_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('student_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scenario_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scenario_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('debrief_json', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  // The list: one educator's debriefs, newest first.
  await db.schema.createIndex('debriefs_educator_created').on('debriefs').columns(['educator_id', 'created_at', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
