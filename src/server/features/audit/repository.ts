// The audit log, newest first, by action and actor, with the names of its targets.
import type { DB } from '../../db/connection.js';
import { idsInListOrder, pageWindow, readOrder, rowsInOrder } from '../../lib/pages.js';

export interface AuditFilter {
  action?: string;
  actorId?: number;
}

export function auditRepository(db: DB) {
  const filtered = (f: AuditFilter) =>
    db
      .selectFrom('audit_log as a')
      .$if(f.action !== undefined, (qb) => qb.where('a.action', '=', f.action!))
      .$if(f.actorId !== undefined, (qb) => qb.where('a.actor_id', '=', f.actorId!));

  return {
    async page(f: AuditFilter, offset: number, count: number) {
      const total = Number((await filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      // Deferred join: the page's ids from audit_log_created, or by action or actor (0020), read from
      // the nearer end of the log; then only those entries.
      const w = pageWindow(total, offset, count);
      if (!w) return { total, rows: [] };
      const dir = readOrder(w, 'desc');
      const found = await filtered(f).select('a.id').orderBy('a.created_at', dir).orderBy('a.id', dir).limit(w.limit).offset(w.offset).execute();
      const ids = idsInListOrder(w, found.map((r) => r.id));
      const rows = ids.length
        ? rowsInOrder(
            ids,
            await db
              .selectFrom('audit_log as a')
              .leftJoin('users as u', 'u.id', 'a.actor_id')
              .select(['a.id', 'a.action', 'a.actor_id', 'a.target_type', 'a.target_id', 'a.detail', 'a.created_at', 'u.uuid_id', 'u.first_name', 'u.last_name'])
              .where('a.id', 'in', ids)
              .execute(),
          )
        : [];
      return { total, rows };
    },

    async actions(): Promise<string[]> {
      return (await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute()).map((r) => r.action);
    },

    actors() {
      return db
        .selectFrom('users')
        .select(['id', 'uuid_id', 'first_name', 'last_name'])
        .where('id', 'in', db.selectFrom('audit_log').select('actor_id'))
        .orderBy('last_name')
        .orderBy('first_name')
        .execute();
    },

    /** What the targets are called now, by type and id; missing ones are left out. */
    async labels(targets: { type: string; id: string }[]): Promise<Map<string, string>> {
      const of = (type: string) => [...new Set(targets.filter((t) => t.type === type).map((t) => t.id))];
      const ints = (ids: string[]) => ids.filter((s) => /^\d{1,9}$/.test(s)).map(Number);
      const labels = new Map<string, string>();
      const users = of('user');
      if (users.length) {
        for (const u of await db.selectFrom('users').select(['uuid_id', 'first_name', 'last_name']).where('uuid_id', 'in', users).execute()) {
          labels.set(`user:${u.uuid_id}`, `${u.first_name} ${u.last_name}`);
        }
      }
      const media = of('media');
      if (media.length) {
        for (const m of await db.selectFrom('media').select(['uuid_id', 'name']).where('uuid_id', 'in', media).execute()) labels.set(`media:${m.uuid_id}`, m.name);
      }
      const posts = ints(of('post'));
      if (posts.length) {
        for (const p of await db.selectFrom('posts').select(['id', 'title']).where('id', 'in', posts).execute()) labels.set(`post:${p.id}`, p.title);
      }
      const groups = ints(of('group'));
      if (groups.length) {
        for (const g of await db.selectFrom('forum_groups').select(['id', 'name']).where('id', 'in', groups).execute()) labels.set(`group:${g.id}`, g.name);
      }
      return labels;
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
