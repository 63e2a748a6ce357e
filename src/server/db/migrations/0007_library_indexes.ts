// Library filters at 100 000 scenarios (bench/api.bench.ts): the count of a filtered page must be
// answered from an index. The first indexes lacked is_processed, so a count by age or condition
// read every matching row; tags could only be checked per scenario, never looked up by tag.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scenarios_library_age').execute();
  await db.schema.dropIndex('scenarios_library_condition').execute();
  await db.schema.createIndex('scenarios_library_age').on('scenarios').columns(['privacy_level', 'is_processed', 'patient_age', 'contributed_at', 'id']).execute();
  await db.schema.createIndex('scenarios_library_condition').on('scenarios').columns(['privacy_level', 'is_processed', 'patient_condition', 'contributed_at', 'id']).execute();
  await db.schema
    .createIndex('scenarios_library_age_condition')
    .on('scenarios')
    .columns(['privacy_level', 'is_processed', 'patient_age', 'patient_condition', 'contributed_at', 'id'])
    .execute();
  await db.schema.createIndex('scenario_tags_by_tag').on('scenario_tags').columns(['tag_id', 'scenario_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scenario_tags_by_tag').execute();
  await db.schema.dropIndex('scenarios_library_age_condition').execute();
}
