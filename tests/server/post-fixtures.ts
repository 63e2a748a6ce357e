// Groups, members and posts set up straight in the database, for the tests of replies, mentions and reactions.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const now = () => new Date().toISOString();
export const unique = (label: string) => `${label} ${crypto.randomBytes(3).toString('hex')}`;

export async function dbGroup(app: FastifyInstance, creatorId: number, kind: 'open' | 'invite', posting: 'allowAll' | 'requireModeration' = 'allowAll') {
  const g = await app.db
    .insertInto('forum_groups')
    .values({ name: unique(kind), description: 'Set up by the test', membership_type: kind === 'open' ? 0 : 1, posting_type: posting, creator_id: creatorId, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('group_members').values({ group_id: g.id, user_id: creatorId, member_type: 2, joined_at: now() }).execute();
  return g.id;
}

export const addMember = (app: FastifyInstance, groupId: number, userId: number, memberType = 0) =>
  app.db.insertInto('group_members').values({ group_id: groupId, user_id: userId, member_type: memberType, joined_at: now() }).execute();

export async function addPost(app: FastifyInstance, groupId: number | null, creatorId: number, opts: { status?: number; title?: string; createdAt?: string } = {}) {
  return (
    await app.db
      .insertInto('posts')
      .values({ title: opts.title ?? unique('Post'), text: 'Body', creator_id: creatorId, group_id: groupId, status: opts.status ?? 1, type: 'post', created_at: opts.createdAt ?? now(), deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
