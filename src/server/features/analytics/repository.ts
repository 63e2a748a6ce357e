// Monthly counts for the admin Analytics screen. Times are ISO-8601 text, so the month
// of a row is its first seven characters on both databases.
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';

export type MonthCounts = Map<string, number>;

const toMap = (rows: { month: string; n: number | string }[]): MonthCounts => new Map(rows.map((r) => [r.month, Number(r.n)]));
const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

export function analyticsRepository(db: DB) {
  return {
    /** Users who signed in or contributed, per month (user_active_months, kept by triggers). */
    async activeUsers(fromMonth: string): Promise<MonthCounts> {
      return toMap(
        await db
          .selectFrom('user_active_months')
          .select(['month', (eb) => eb.fn.countAll<number>().as('n')])
          .where('month', '>=', fromMonth)
          .groupBy('month')
          .execute(),
      );
    },
    async newUsers(fromIso: string): Promise<MonthCounts> {
      return toMap(
        await db
          .selectFrom('users')
          .select([month('created_at').as('month'), (eb) => eb.fn.countAll<number>().as('n')])
          .where('created_at', '>=', fromIso)
          .groupBy(month('created_at'))
          .execute(),
      );
    },
    /** Groups with at least one live post created that month. */
    async activeGroups(fromIso: string): Promise<MonthCounts> {
      return toMap(
        await db
          .selectFrom('posts')
          .innerJoin('forum_groups', 'forum_groups.id', 'posts.group_id')
          .select([month('posts.created_at').as('month'), (eb) => eb.fn.count<number>('posts.group_id').distinct().as('n')])
          .where('posts.created_at', '>=', fromIso)
          .where('posts.deleted_at', 'is', null)
          .groupBy(month('posts.created_at'))
          .execute(),
      );
    },
    async newGroups(fromIso: string): Promise<MonthCounts> {
      return toMap(
        await db
          .selectFrom('forum_groups')
          .select([month('created_at').as('month'), (eb) => eb.fn.countAll<number>().as('n')])
          .where('created_at', '>=', fromIso)
          .groupBy(month('created_at'))
          .execute(),
      );
    },
    /** Live posts (feed and groups) created that month. */
    async newPosts(fromIso: string): Promise<MonthCounts> {
      return toMap(
        await db
          .selectFrom('posts')
          .select([month('created_at').as('month'), (eb) => eb.fn.countAll<number>().as('n')])
          .where('created_at', '>=', fromIso)
          .where('deleted_at', 'is', null)
          .groupBy(month('created_at'))
          .execute(),
      );
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
