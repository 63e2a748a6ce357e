// Monthly counts for the admin Analytics screen. Times are ISO-8601 text, so the month
// of a row is its first seven characters on both databases.
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';

export type MonthCounts = Map<string, number>;

const toMap = (rows: { month: string; n: number | string }[]): MonthCounts => new Map(rows.map((r) => [r.month, Number(r.n)]));
const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

export function analyticsRepository(db: DB) {
  /** Rows of `table` created per month since `fromIso`; with `liveOnly`, those not deleted. */
  const createdPerMonth = async (table: 'users' | 'forum_groups' | 'posts', fromIso: string, liveOnly = false): Promise<MonthCounts> =>
    toMap(
      (
        await sql<{ month: string; n: number | string }>`SELECT ${month('created_at')} AS month, count(*) AS n FROM ${sql.table(table)}
          WHERE created_at >= ${fromIso}${liveOnly ? sql` AND deleted_at IS NULL` : sql``} GROUP BY ${month('created_at')}`.execute(db)
      ).rows,
    );

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
      return createdPerMonth('users', fromIso);
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
      return createdPerMonth('forum_groups', fromIso);
    },
    /** Live posts (feed and groups) created that month. */
    async newPosts(fromIso: string): Promise<MonthCounts> {
      return createdPerMonth('posts', fromIso, true);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
