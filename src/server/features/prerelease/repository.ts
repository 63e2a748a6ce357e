// App builds (.ipa files in storage) per app and channel.
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';

export function buildsRepository(db: DB) {
  const columns = ['id', 'app', 'version', 'bundle_id', 'channel', 'file_key', 'file_name', 'file_size', 'created_at'] as const;
  return {
    /** The newest build of one app on a channel (index app_builds_latest). */
    latest(app: string, channel: string) {
      return db
        .selectFrom('app_builds')
        .select(columns)
        .where('channel', '=', channel)
        .where('app', '=', app)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    byId(id: number) {
      return db.selectFrom('app_builds').select(columns).where('id', '=', id).executeTakeFirst();
    },
    all() {
      return db.selectFrom('app_builds').select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
    },
    async create(row: { app: string; version: string; bundle_id: string; channel: string; file_key: string; file_name: string; file_size: number; uploaded_by: number }) {
      const r = await db.insertInto('app_builds').values({ ...row, created_at: now() }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async delete(id: number) {
      await db.deleteFrom('app_builds').where('id', '=', id).execute();
    },
    async audit(actorId: number, action: string, targetId: number, detail: Record<string, unknown>) {
      await db
        .insertInto('audit_log')
        .values({ actor_id: actorId, action, target_type: 'app_build', target_id: String(targetId), detail: JSON.stringify(detail), created_at: now() })
        .execute();
    },
  };
}

export type BuildsRepository = ReturnType<typeof buildsRepository>;
export type BuildRow = NonNullable<Awaited<ReturnType<BuildsRepository['byId']>>>;
