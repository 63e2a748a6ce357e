// Scenario details read from REALITi's own exports(spec/realiti-format.md): the monitor
// model, the patient's age with its unit, the events in order and the checklist titles, kept as JSON.
// Scenarios stored before the processor understood REALITi's keys are read again once: one
// 'scenario.reprocess' job, which walks them in id order (features/scenarios/service.ts).
import type { Kysely } from 'kysely';
import { sql } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scenarios').addColumn('details', 'text').execute();
  const ts = new Date().toISOString();
  await sql`INSERT INTO jobs (type, payload, state, attempts, run_after, locked_at, last_error, created_at)
    VALUES ('scenario.reprocess', ${JSON.stringify({ afterId: 0 })}, 'queued', 0, ${ts}, NULL, NULL, ${ts})`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
