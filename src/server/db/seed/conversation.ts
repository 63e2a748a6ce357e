// Demo conversation: replies, mentions and 'Helpful' reactions on posts of the feed and of both
// demo groups, with the notifications they would have sent (the same texts as the rules in
// features/posts), so the educator finds unread reply, mention and reaction notifications.
import type { FastifyInstance } from 'fastify';
import { notifyUsers } from '../../lib/notifications.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const postLink = (postId: number, replyId?: number) => (replyId ? `/post/${postId}#reply-${replyId}` : `/post/${postId}`);

export async function seedConversation(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const users = await db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name']).execute();
  const user = (name: string) => users.find((u) => u.username === name);
  const posts = await db.selectFrom('posts').select(['id', 'title', 'creator_id']).where('status', '=', 1).execute();
  const post = (title: string) => posts.find((p) => p.title === title);
  const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

  async function reply(title: string, by: string, text: string, at: number, mentions: string[] = []) {
    const p = post(title);
    const author = user(by);
    if (!p || !author) return;
    const row = await db
      .insertInto('post_replies')
      .values({ post_id: p.id, creator_id: author.id, reply_to_id: null, text, created_at: hoursAgo(at), edited_at: null, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.creator_id !== author.id) {
      await notifyUsers(db, [p.creator_id], { message: { key: 'new_reply', params: { actor: nameOf(author), title: p.title } }, link: postLink(p.id, row.id), kind: 'reply', actorId: author.id, subject: `post:${p.id}` });
    }
    for (const name of mentions) {
      const who = user(name);
      if (!who) continue;
      await db.insertInto('mentions').values({ subject: `reply:${row.id}`, user_id: who.id, created_at: hoursAgo(at) }).execute();
      await notifyUsers(db, [who.id], { message: { key: 'mention', params: { actor: nameOf(author), title: p.title } }, link: postLink(p.id, row.id), kind: 'mention', actorId: author.id, subject: `reply:${row.id}` });
    }
  }

  async function helpful(title: string, by: string[], at: number) {
    const p = post(title);
    if (!p) return;
    const who = by.map(user).filter((u) => u !== undefined && u.id !== p.creator_id);
    if (!who.length) return;
    await db.insertInto('post_reactions').values(who.map((u) => ({ post_id: p.id, user_id: u!.id, created_at: hoursAgo(at) }))).execute();
    await db.updateTable('posts').set({ helpful_count: who.length }).where('id', '=', p.id).execute();
    for (const u of who) {
      await notifyUsers(db, [p.creator_id], { message: { key: 'post_helpful', params: { actor: nameOf(u!), title: p.title } }, link: postLink(p.id), kind: 'reaction', actorId: u!.id, subject: `post:${p.id}` });
    }
  }

  // The feed.
  await reply('Anyone tried transcutaneous pacing scenarios?', 'educator', 'We ran one in the ALS refresher: a third-degree block that needs pacing after atropine fails. @tester I can share it.', 40, ['tester']);
  await reply('Anyone tried transcutaneous pacing scenarios?', 'paramedic', '@educator could you post it in the feed? Our students would use it too.', 20, ['educator']);
  await reply('Great airway session today', 'educator', 'Which monitor settings did you use for the silent chest?', 12);
  await reply('Debrief tips', 'paramedic', 'Useful. We added a short pause for the team to breathe before the facts.', 0.3);
  await helpful('Debrief tips', ['paramedic', 'tester', 'provisioner'], 0.2);
  await helpful('Great airway session today', ['educator', 'tester'], 10);
  await helpful('Anyone tried transcutaneous pacing scenarios?', ['paramedic'], 30);

  // The open group and the invite-only group.
  await reply('ALS course dates for next term', 'paramedic', 'I can faculty the second day.', 48);
  await reply('ALS course dates for next term', 'tester', '@educator put me down for day three, please.', 2, ['educator']);
  await helpful('ALS course dates for next term', ['paramedic'], 47);
  await reply('Welcome, sim leads', 'provisioner', 'Thanks for setting this up. Monthly planning calls would help.', 24 * 7);
  await helpful('Welcome, sim leads', ['provisioner'], 24 * 7);
}
