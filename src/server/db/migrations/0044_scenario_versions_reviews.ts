// Scenario exchange: versions and reviews.
//   - A scenario has a current version number; each version's file stays in storage, listed in
//     scenario_versions with its change note (the first version is listed once a second arrives).
//   - People who downloaded or favourited a scenario rate it 1-5 with an optional short review, one
//     per person; the scenario keeps the count and sum of ratings, so cards show the average and the
//     library sorts by it without reading the reviews (and cached library pages follow the change).
import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scenarios').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('scenarios').addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('scenarios').addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('scenarios_by_rating').on('scenarios').columns(['privacy_level', 'is_processed', 'rating_count', 'id']).execute();

  await withId(db, db.schema.createTable('scenario_versions'))
    .addColumn('scenario_id', 'integer', (c) => c.notNull().references('scenarios.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('change_note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('scenario_versions_one', ['scenario_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('scenario_reviews'))
    .addColumn('scenario_id', 'integer', (c) => c.notNull().references('scenarios.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('scenario_reviews_one_per_person', ['scenario_id', 'user_id'])
    .execute();
  await db.schema.createIndex('scenario_reviews_by_scenario').on('scenario_reviews').columns(['scenario_id', 'id']).execute();
  // Reviews are reported like posts: one report per person, ignored by a moderator or removed with the review.
  await db.schema
    .createTable('scenario_review_reports')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('scenario_reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ignored_at', 'text')
    .addPrimaryKeyConstraint('scenario_review_reports_pk', ['review_id', 'user_id'])
    .execute();
  // Who downloaded a scenario (one row per person) decides who may review it.
  await db.schema
    .createTable('scenario_downloaders')
    .addColumn('scenario_id', 'integer', (c) => c.notNull().references('scenarios.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('scenario_downloaders_pk', ['scenario_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
