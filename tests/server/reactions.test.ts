// 'Helpful' reactions: one per person however many toggles race, the count and who reacted only
// for those who see the post, the author told once, and the feed's 'most helpful' order.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/shared/endpoint.js';
import { conversation as C, replies as R } from '../../src/shared/endpoints/index.js';
import { as, buildTestApp, createUser, dbKinds, login, type TestApp, type TestUser } from './helpers.js';
import { seedDemoIfEmpty } from '../../src/server/db/seed/index.js';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users.js';
import { addMember, addPost, dbGroup } from './post-fixtures.js';

describe.each(dbKinds)('helpful reactions (%s)', (kind) => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let other: TestUser;
  let outsider: TestUser;
  const call = (u: TestUser, opts: InjectOptions) => as(t.app, u, opts);
  const mark = (u: TestUser, postId: number) => call(u, { method: 'PUT', url: pathOf(C.markPostHelpful, { postId }) });
  const unmark = (u: TestUser, postId: number) => call(u, { method: 'DELETE', url: pathOf(C.unmarkPostHelpful, { postId }) });
  const reactionNotes = async (u: TestUser) =>
    ((await call(u, { method: 'GET', url: '/api/Notification' })).json().notifications as { name: string; kind: string; link: string; description: string; actors: string[] }[]).filter((n) => n.kind === 'reaction');
  const feed = async (u: TestUser, query: Record<string, string> = {}, offset = 0, count = 50) =>
    (await call(u, { method: 'GET', url: `/api/forumpost/GetPosts/${offset}/${count}/-1${new URLSearchParams(query).size ? `?${new URLSearchParams(query)}` : ''}` })).json();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    author = await createUser(t.app, { firstName: 'Ana', lastName: 'Author' });
    reader = await createUser(t.app, { firstName: 'Sam', lastName: 'Reader' });
    other = await createUser(t.app, { firstName: 'Olga', lastName: 'Other' });
    outsider = await createUser(t.app, { firstName: 'Nat', lastName: 'Outsider' });
  });
  afterAll(() => t.close());

  it('five toggles at once leave one reaction; the author is told once; taking it back and again does not tell twice', async () => {
    const postId = await addPost(t.app, null, author.id, { title: 'Airway tips' });
    const results = await Promise.all(Array.from({ length: 5 }, () => mark(reader, postId)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const r of results) expect(r.json()).toMatchObject({ helpful_mine: true });
    const who = await call(other, { method: 'GET', url: pathOf(C.postHelpfulBy, { postId }) });
    expect(who.json()).toEqual({ helpful_count: 1, users: [{ id: reader.id, uuid_id: reader.uuid_id, first_name: 'Sam', last_name: 'Reader' }] });
    // Mixed toggles at once: whatever the order, the count is the number of rows.
    await Promise.all([mark(other, postId), unmark(reader, postId), mark(other, postId), mark(reader, postId), unmark(other, postId)]);
    const rows = await t.app.db.selectFrom('post_reactions').select('user_id').where('post_id', '=', postId).execute();
    const stored = await t.app.db.selectFrom('posts').select('helpful_count').where('id', '=', postId).executeTakeFirstOrThrow();
    expect(stored.helpful_count).toBe(rows.length);

    await unmark(reader, postId);
    expect((await unmark(reader, postId)).json()).toMatchObject({ helpful_mine: false });
    await mark(reader, postId);
    // Sam Reader is told of once; the other reader's mark may be newer, and unread marks of one
    // post are one item of the list, naming the people.
    const told = await t.app.db.selectFrom('notifications').select(['name', 'description']).where('user_id', '=', author.id).where('kind', '=', 'reaction').where('actor_id', '=', reader.id).where('subject', '=', `post:${postId}`).execute();
    expect(told).toEqual([{ name: 'Your post was found helpful', description: 'Sam Reader found your post "Airway tips" helpful' }]);
    const item = (await reactionNotes(author)).filter((n) => n.link === `/post/${postId}`);
    expect(item).toHaveLength(1);
    expect(item[0].actors).toContain('Sam Reader');

    const card = (await feed(reader)).posts.find((p: { id: number }) => p.id === postId);
    expect(card).toMatchObject({ helpful_mine: true });
    expect(card.helpful_count).toBe(rows.some((r) => r.user_id === reader.id) ? rows.length : rows.length + 1);
  });

  it("refuses one's own post or reply with a message", async () => {
    const postId = await addPost(t.app, null, author.id);
    const own = await mark(author, postId);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({ message: 'You cannot mark your own post as helpful' });
    const replyId = (await call(reader, { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text: 'Mine' } })).json().id as number;
    const ownReply = await call(reader, { method: 'PUT', url: pathOf(C.markReplyHelpful, { id: replyId }) });
    expect(ownReply.json()).toEqual({ message: 'You cannot mark your own reply as helpful' });
    expect((await mark(reader, 99_999_999)).statusCode).toBe(404);
    // In German when the reader asks for it.
    const de = await call(author, { method: 'PUT', url: pathOf(C.markPostHelpful, { postId }), headers: { 'accept-language': 'de' } });
    expect(de.json()).toEqual({ message: 'Sie können Ihren eigenen Beitrag nicht als hilfreich markieren.' });
  });

  it('a reply: toggled, counted on the thread, its author told with the reply as subject', async () => {
    const postId = await addPost(t.app, null, author.id, { title: 'Sepsis' });
    const replyId = (await call(author, { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text: 'Start early' } })).json().id as number;
    const res = await call(reader, { method: 'PUT', url: pathOf(C.markReplyHelpful, { id: replyId }) });
    expect(res.json()).toEqual({ helpful_count: 1, helpful_mine: true });
    const thread = (await call(reader, { method: 'GET', url: pathOf(R.listReplies, { postId }) })).json();
    expect(thread.replies[0]).toMatchObject({ helpful_count: 1, helpful_mine: true });
    const note = (await reactionNotes(author)).find((n) => n.link === `/post/${postId}#reply-${replyId}`);
    expect(note).toMatchObject({ name: 'Your reply was found helpful', description: 'Sam Reader found your reply to "Sepsis" helpful' });
    const subject = await t.app.db.selectFrom('notifications').select('subject').where('user_id', '=', author.id).where('kind', '=', 'reaction').where('link', '=', `/post/${postId}#reply-${replyId}`).executeTakeFirstOrThrow();
    expect(subject.subject).toBe(`reply:${replyId}`);
    expect((await call(reader, { method: 'DELETE', url: pathOf(C.unmarkReplyHelpful, { id: replyId }) })).json()).toEqual({ helpful_count: 0, helpful_mine: false });
  });

  it('a private group: a non-member gets 404 for the count, who reacted and reacting', async () => {
    const groupId = await dbGroup(t.app, author.id, 'invite');
    await addMember(t.app, groupId, reader.id);
    const postId = await addPost(t.app, groupId, author.id);
    expect((await mark(reader, postId)).json()).toEqual({ helpful_count: 1, helpful_mine: true });
    const replyId = (await call(author, { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text: 'Members' } })).json().id as number;
    for (const res of [
      await mark(outsider, postId),
      await unmark(outsider, postId),
      await call(outsider, { method: 'GET', url: pathOf(C.postHelpfulBy, { postId }) }),
      await call(outsider, { method: 'GET', url: pathOf(C.replyHelpfulBy, { id: replyId }) }),
      await call(outsider, { method: 'PUT', url: pathOf(C.markReplyHelpful, { id: replyId }) }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('helpful_count');
    }
    const list = await call(reader, { method: 'GET', url: `/api/forumpost/GetGroupPosts/${groupId}?sort=helpful` });
    expect(list.json().posts[0]).toMatchObject({ id: postId, helpful_count: 1, helpful_mine: true });
  });

  it('authorization: every reaction and mention call wants a session (401)', async () => {
    const postId = await addPost(t.app, null, author.id);
    const calls: InjectOptions[] = [
      ...[C.markPostHelpful, C.unmarkPostHelpful, C.postHelpfulBy].map((ep) => ({ method: ep.method, url: pathOf(ep, { postId }) }) as InjectOptions),
      ...[C.markReplyHelpful, C.unmarkReplyHelpful, C.replyHelpfulBy].map((ep) => ({ method: ep.method, url: pathOf(ep, { id: 1 }) }) as InjectOptions),
      { method: 'GET', url: pathOf(C.mentionCandidates, undefined, { term: 'a' }) },
    ];
    expect(calls).toHaveLength(Object.keys(C).length);
    for (const c of calls) {
      const anon = await t.app.inject(c);
      expect(anon.statusCode, `${c.method} ${c.url}`).toBe(401);
      expect(anon.json()).toHaveProperty('message');
    }
  });

  it('sort=helpful: posts of the last 30 days by helpful count, then newest; offset pages cover each once', async () => {
    const fresh = [] as number[];
    for (let i = 0; i < 4; i++) fresh.push(await addPost(t.app, null, author.id, { createdAt: new Date(Date.now() - (10 - i) * 60_000).toISOString() }));
    const old = await addPost(t.app, null, author.id, { createdAt: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    // fresh[0]: 3, fresh[2]: 2, old: 3 (outside the window), others 0.
    for (const u of [reader, other, outsider]) {
      await mark(u, fresh[0]);
      await mark(u, old);
    }
    await mark(reader, fresh[2]);
    await mark(other, fresh[2]);
    const all = await feed(reader, { sort: 'helpful' });
    const ids = all.posts.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(old);
    expect(ids.indexOf(fresh[0])).toBeLessThan(ids.indexOf(fresh[2]));
    const counts = all.posts.map((p: { helpful_count: number }) => p.helpful_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    // Among equal counts, newest first.
    expect(ids.indexOf(fresh[3])).toBeLessThan(ids.indexOf(fresh[1]));
    expect(all.total).toBe(ids.length);
    expect(all.nextCursor).toBeNull();
    // Pages of two by offset: together the same list, each post once.
    const paged: number[] = [];
    for (let offset = 0; offset < all.total; offset += 2) paged.push(...(await feed(reader, { sort: 'helpful' }, offset, 2)).posts.map((p: { id: number }) => p.id));
    expect(paged).toEqual(ids);
    // Newest stays the default, with the old post in it.
    expect((await feed(reader)).posts.map((p: { id: number }) => p.id)).toContain(old);
    const bad = await call(reader, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1?sort=best' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'Sort must be newest or helpful' });
  });
});

describe.each(dbKinds)('demo conversation (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedDemoIfEmpty(t.app);
  });
  afterAll(() => t.close());

  it('the feed and the groups have replies, mentions and reactions; the educator has unread reply and mention notifications', async () => {
    const educator = { cookie: await login(t.app, 'educator', DEMO_PASSWORD) } as TestUser;
    const notes = (await as(t.app, educator, { method: 'GET', url: '/api/Notification' })).json().notifications as { kind: string; has_read: boolean | number; name: string }[];
    const unread = notes.filter((n) => !n.has_read);
    for (const k of ['reply', 'mention', 'reaction']) expect(unread.some((n) => n.kind === k), k).toBe(true);
    const feed = (await as(t.app, educator, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json();
    const tips = feed.posts.find((p: { title: string }) => p.title === 'Debrief tips');
    expect(tips).toMatchObject({ helpful_count: 3, reply_count: 1 });
    const pacing = feed.posts.find((p: { title: string }) => p.title === 'Anyone tried transcutaneous pacing scenarios?');
    expect(pacing.latest_replies.flatMap((r: { mentions: { username: string }[] }) => r.mentions.map((m) => m.username))).toEqual(['tester', 'educator']);
    const helpful = (await as(t.app, educator, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1?sort=helpful' })).json();
    expect(helpful.posts[0].title).toBe('Debrief tips');
  });
});
