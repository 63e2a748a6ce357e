// Kysely queries for replies (shared by the replies feature and posts, whose cards show replies): a post's thread, counts and latest replies of many posts, quotes,
// reports and full-text search (migration 0026).
import { sql, type Selectable } from 'kysely';
import type { DB, Dialect } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import type { PostReplyTable } from '../../db/types.js';
import { PostStatus } from '../../../shared/enums.js';
import { GroupMemberType } from '../../../shared/schemas/groups.js';
import { ftsQuery, tsQuery } from '../../lib/full-text.js';
import type { Cursor } from '../../lib/pages.js';
import { conversationRepository } from './conversation-repository.js';

export type ReplyRow = Selectable<PostReplyTable>;

export interface ReplyHitRow {
  id: number;
  post_id: number;
  post_title: string;
  text: string;
  created_at: string;
  creator_id: number;
}

export function repliesRepository(db: DB, dialect?: Dialect) {
  return {
    /** Reactions and mentions (conversation-repository.ts). */
    conversation: conversationRepository(db),

    byId: (id: number) => db.selectFrom('post_replies').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Live replies of a post, oldest first, after the cursor (ascending). */
    async thread(postId: number, limit: number, after?: Cursor): Promise<ReplyRow[]> {
      return db
        .selectFrom('post_replies')
        .selectAll()
        .where('post_id', '=', postId)
        .where('deleted_at', 'is', null)
        .$if(after !== undefined, (qb) => qb.where(sql<boolean>`(created_at, id) > (${after!.at}, ${after!.id})`))
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },

    async countOf(postId: number): Promise<number> {
      const r = await db.selectFrom('post_replies').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * The newest `n` live replies of each post (oldest first within a post), and each post's count of
     * live replies (posts without replies are left out), in one read: the count is a window over the
     * replies the newest are picked from.
     */
    async latest(postIds: number[], n: number): Promise<{ rows: ReplyRow[]; counts: Map<number, number> }> {
      if (!postIds.length) return { rows: [], counts: new Map() };
      const { rows } = await sql<ReplyRow & { rn: number; replies: number }>`SELECT * FROM (
          SELECT r.*, ROW_NUMBER() OVER (PARTITION BY r.post_id ORDER BY r.created_at DESC, r.id DESC) AS rn,
            count(*) OVER (PARTITION BY r.post_id) AS replies
          FROM post_replies r WHERE r.post_id IN (${sql.join(postIds)}) AND r.deleted_at IS NULL) t
        WHERE t.rn <= ${n} ORDER BY t.post_id, t.created_at, t.id`.execute(db);
      return { rows: rows.map(({ rn: _rn, replies: _replies, ...r }) => r), counts: new Map(rows.map((r) => [r.post_id, Number(r.replies)])) };
    },

    byIds: (ids: number[]) => (ids.length ? db.selectFrom('post_replies').selectAll().where('id', 'in', ids).execute() : Promise.resolve([] as ReplyRow[])),

    users: (ids: number[]) =>
      ids.length
        ? db.selectFrom('users').select(['id', 'uuid_id', 'first_name', 'last_name', 'username', 'role', 'enabled']).where('id', 'in', [...new Set(ids)]).execute()
        : Promise.resolve([]),

    /** Groups the user moderates (creator or moderator): they may remove replies there. */
    async moderatedGroupIds(userId: number): Promise<Set<number>> {
      const rows = await db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).where('member_type', '>=', GroupMemberType.Moderator).execute();
      return new Set(rows.map((r) => r.group_id));
    },

    insert: (values: { post_id: number; creator_id: number; reply_to_id: number | null; text: string }) =>
      db.insertInto('post_replies').values({ ...values, created_at: now(), edited_at: null, deleted_at: null }).returningAll().executeTakeFirstOrThrow(),

    async editText(id: number, text: string): Promise<ReplyRow | undefined> {
      return db.updateTable('post_replies').set({ text, edited_at: now() }).where('id', '=', id).where('deleted_at', 'is', null).returningAll().executeTakeFirst();
    },

    /** False when it was already deleted (by a concurrent request too). The text goes with it. */
    async softDelete(id: number): Promise<boolean> {
      const res = await db.updateTable('post_replies').set({ deleted_at: now(), text: '' }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Everyone who wrote a live reply in the thread (they hear of new replies). */
    async participants(postId: number): Promise<number[]> {
      const rows = await db.selectFrom('post_replies').select('creator_id').distinct().where('post_id', '=', postId).where('deleted_at', 'is', null).execute();
      return rows.map((r) => r.creator_id);
    },

    /** False when this user already reported it (a concurrent duplicate included). */
    async addReport(replyId: number, userId: number): Promise<boolean> {
      const res = await db
        .insertInto('post_reply_reports')
        .values({ reply_id: replyId, user_id: userId, created_at: now(), ignored_at: null })
        .onConflict((oc) => oc.columns(['reply_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    adminIds: async () => (await db.selectFrom('users').select('id').where('enabled', '=', 1).where(sql<number>`role & 4`, '=', 4).execute()).map((r) => r.id),

    /**
     * Live replies on posts the viewer may see (live, approved, public or of a group they belong to,
     * as site search shows posts), whose text holds every word; newest first.
     */
    async search(viewerId: number, words: string[], offset: number, limit: number): Promise<{ count: number; rows: ReplyHitRow[] }> {
      if (!words.length) return { count: 0, rows: [] };
      const match =
        dialect === 'postgres'
          ? sql`r.id IN (SELECT s.reply_id FROM post_replies_search s WHERE s.document @@ to_tsquery('simple', ${tsQuery(words)}))`
          : sql`r.id IN (SELECT rowid FROM post_replies_fts WHERE post_replies_fts MATCH ${ftsQuery(words)})`;
      const where = sql`${match} AND r.deleted_at IS NULL AND p.deleted_at IS NULL AND p.status = ${PostStatus.Approved}
        AND (p.group_id IS NULL OR p.group_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ${viewerId}))`;
      const count = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM post_replies r JOIN posts p ON p.id = r.post_id WHERE ${where}`.execute(db)).rows[0].n);
      if (!count) return { count, rows: [] };
      const { rows } = await sql<ReplyHitRow>`SELECT r.id, r.post_id, p.title AS post_title, r.text, r.created_at, r.creator_id
        FROM post_replies r JOIN posts p ON p.id = r.post_id WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return { count, rows };
    },
  };
}
export type RepliesRepository = ReturnType<typeof repliesRepository>;
