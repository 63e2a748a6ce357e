// Kysely queries of mentions and 'Helpful' reactions (migration 0041). A reaction row and the count
// it adds to (posts.helpful_count, post_replies.helpful_count) change in one transaction, and only
// when the row was really added or removed: the primary key keeps one per person however many
// toggles race, and the count moves by exactly the rows that changed.
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import { GroupMemberType } from '../../../shared/schemas/groups.js';
import type { MentionRef } from '../../../shared/schemas/conversation.js';

export type ReactionTarget = 'post' | 'reply';

/** A LIKE pattern for values starting with `term` (its % and _ taken literally). */
const startsWith = (term: string) => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function conversationRepository(db: DB) {
  async function countOf(target: ReactionTarget, id: number): Promise<number> {
    const row =
      target === 'post'
        ? await db.selectFrom('posts').select('helpful_count').where('id', '=', id).executeTakeFirst()
        : await db.selectFrom('post_replies').select('helpful_count').where('id', '=', id).executeTakeFirst();
    return row?.helpful_count ?? 0;
  }

  return {
    countOf,

    /** Add the user's reaction; `added` false when it was there already. */
    async react(target: ReactionTarget, id: number, userId: number): Promise<{ added: boolean; count: number }> {
      const added = await db.transaction().execute(async (trx) => {
        const res =
          target === 'post'
            ? await trx.insertInto('post_reactions').values({ post_id: id, user_id: userId, created_at: now() }).onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing()).executeTakeFirst()
            : await trx.insertInto('reply_reactions').values({ reply_id: id, user_id: userId, created_at: now() }).onConflict((oc) => oc.columns(['reply_id', 'user_id']).doNothing()).executeTakeFirst();
        if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        if (target === 'post') await trx.updateTable('posts').set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) })).where('id', '=', id).execute();
        else await trx.updateTable('post_replies').set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) })).where('id', '=', id).execute();
        return true;
      });
      return { added, count: await countOf(target, id) };
    },

    /** Remove the user's reaction, if any. */
    async unreact(target: ReactionTarget, id: number, userId: number): Promise<number> {
      await db.transaction().execute(async (trx) => {
        const res =
          target === 'post'
            ? await trx.deleteFrom('post_reactions').where('post_id', '=', id).where('user_id', '=', userId).executeTakeFirst()
            : await trx.deleteFrom('reply_reactions').where('reply_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        if (Number(res.numDeletedRows) === 0) return;
        if (target === 'post') await trx.updateTable('posts').set((eb) => ({ helpful_count: eb('helpful_count', '-', 1) })).where('id', '=', id).execute();
        else await trx.updateTable('post_replies').set((eb) => ({ helpful_count: eb('helpful_count', '-', 1) })).where('id', '=', id).execute();
      });
      return countOf(target, id);
    },

    /** Of `ids`, those the user found helpful. */
    async reactedBy(target: ReactionTarget, ids: number[], userId: number): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows =
        target === 'post'
          ? (await db.selectFrom('post_reactions').select('post_id as id').where('user_id', '=', userId).where('post_id', 'in', ids).execute())
          : (await db.selectFrom('reply_reactions').select('reply_id as id').where('user_id', '=', userId).where('reply_id', 'in', ids).execute());
      return new Set(rows.map((r) => r.id));
    },

    /** Who reacted, newest first (enabled accounts). */
    async reactors(target: ReactionTarget, id: number, limit: number) {
      const base =
        target === 'post'
          ? db.selectFrom('post_reactions as r').innerJoin('users', 'users.id', 'r.user_id').where('r.post_id', '=', id)
          : db.selectFrom('reply_reactions as r').innerJoin('users', 'users.id', 'r.user_id').where('r.reply_id', '=', id);
      return base
        .select(['users.id', 'users.uuid_id', 'users.first_name', 'users.last_name'])
        .where('users.enabled', '=', 1)
        .orderBy('r.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Names of users by id (the author of a post approved later). */
    usersById: (ids: number[]) =>
      ids.length ? db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute() : Promise.resolve([]),

    /** Enabled users with these usernames (lower-cased). */
    usersNamed: (names: string[]) =>
      names.length
        ? db.selectFrom('users').select(['id', 'username', 'role']).where('enabled', '=', 1).where(sql<string>`lower(username)`, 'in', names).execute()
        : Promise.resolve([]),

    /** Record that these users were mentioned in `subject`; answers those not recorded before (a concurrent duplicate included). */
    async addMentions(subject: string, userIds: number[]): Promise<number[]> {
      const added: number[] = [];
      for (const user_id of userIds) {
        const res = await db.insertInto('mentions').values({ subject, user_id, created_at: now() }).onConflict((oc) => oc.columns(['subject', 'user_id']).doNothing()).executeTakeFirst();
        if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) added.push(user_id);
      }
      return added;
    },

    /** The people mentioned in each subject ('post:1', 'reply:2'), by username. */
    async mentionsOf(subjects: string[]): Promise<Map<string, MentionRef[]>> {
      const out = new Map<string, MentionRef[]>();
      if (!subjects.length) return out;
      const rows = await db
        .selectFrom('mentions')
        .innerJoin('users', 'users.id', 'mentions.user_id')
        .select(['mentions.subject', 'users.username', 'users.uuid_id'])
        .where('mentions.subject', 'in', subjects)
        .orderBy('users.username')
        .execute();
      for (const r of rows) {
        const list = out.get(r.subject) ?? [];
        list.push({ username: r.username, uuid_id: r.uuid_id });
        out.set(r.subject, list);
      }
      return out;
    },

    /**
     * Enabled users whose username, first or last name starts with `term` (any case), by username:
     * members of `groupId`, or everyone when null. Never the writer.
     */
    candidates(term: string, groupId: number | null, writerId: number, limit: number) {
      const like = startsWith(term);
      return db
        .selectFrom('users')
        .select(['users.id', 'users.uuid_id', 'users.username', 'users.first_name', 'users.last_name'])
        .where('users.enabled', '=', 1)
        .where('users.id', '!=', writerId)
        .$if(groupId !== null, (qb) =>
          qb.where('users.id', 'in', db.selectFrom('group_members').select('group_members.user_id').where('group_members.group_id', '=', groupId!).where('group_members.member_type', '>=', GroupMemberType.Member)),
        )
        .$if(term !== '', (qb) =>
          qb.where(sql<boolean>`(lower(users.username) LIKE ${like} ESCAPE '\\' OR lower(users.first_name) LIKE ${like} ESCAPE '\\' OR lower(users.last_name) LIKE ${like} ESCAPE '\\')`),
        )
        .orderBy(sql`lower(users.username)`)
        .limit(limit)
        .execute();
    },
  };
}

export type ConversationRepository = ReturnType<typeof conversationRepository>;
