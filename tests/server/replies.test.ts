// Replies under posts: visibility in the feed and in open, invite-only and moderated groups (a
// non-member never sees a reply, its count or a notification of it), editing and deleting,
// reports, moderators removing replies, the outbox's Idempotency-Key and search.
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/shared/endpoint.js';
import { replies as R } from '../../src/shared/endpoints/index.js';
import { Role } from '../../src/shared/enums.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { addMember, addPost, dbGroup } from './post-fixtures.js';

describe.each(dbKinds)('replies (%s)', (kind) => {
  let t: TestApp;
  let author: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let mod: TestUser;
  let admin: TestUser;
  const call = (u: TestUser, opts: InjectOptions) => as(t.app, u, opts);
  const reply = (u: TestUser, postId: number, text: string, replyTo: number | null = null, headers: Record<string, string> = {}) =>
    call(u, { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text, replyTo }, headers });
  const list = (u: TestUser, postId: number, query: Record<string, string | number> = {}) => call(u, { method: 'GET', url: pathOf(R.listReplies, { postId }, query) });
  const notes = async (u: TestUser) => (await call(u, { method: 'GET', url: '/api/Notification' })).json().notifications as { name: string; description: string; link: string; kind: string; count: number }[];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    author = await createUser(t.app, { firstName: 'Ana', lastName: 'Author' });
    member = await createUser(t.app, { firstName: 'Sam', lastName: 'Member' });
    outsider = await createUser(t.app, { firstName: 'Nat', lastName: 'Outsider' });
    mod = await createUser(t.app, { firstName: 'Mo', lastName: 'Moderator' });
    admin = await createUser(t.app, { role: Role.User | Role.Admin, firstName: 'Adam', lastName: 'Admin' });
  });
  afterAll(() => t.close());

  it('a feed post: anyone replies; the feed card shows the count and the latest two, the post page all of them oldest first', async () => {
    const postId = await addPost(t.app, null, author.id);
    for (const [u, text] of [[member, 'First answer'], [outsider, 'Second answer'], [member, 'Third answer']] as const) {
      const res = await reply(u, postId, `  ${text}  `);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ post_id: postId, text, reply_to: null, is_mine: true, can_delete: true });
    }
    const page = (await list(author, postId)).json();
    expect(page.total).toBe(3);
    expect(page.replies.map((r: { text: string }) => r.text)).toEqual(['First answer', 'Second answer', 'Third answer']);
    expect(page.replies[0]).toMatchObject({ creator: { first_name: 'Sam', last_name: 'Member' }, is_mine: false, can_delete: false });

    const feed = (await call(author, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json();
    const card = feed.posts.find((p: { id: number }) => p.id === postId);
    expect(card.reply_count).toBe(3);
    expect(card.latest_replies.map((r: { text: string }) => r.text)).toEqual(['Second answer', 'Third answer']);

    const post = await call(outsider, { method: 'GET', url: pathOf(R.getPost, { postId }) });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ id: postId, reply_count: 3 });

    // Paginated: two a page, the cursor reads on.
    const first = (await list(author, postId, { limit: 2 })).json();
    expect(first.replies).toHaveLength(2);
    const second = (await list(author, postId, { limit: 2, cursor: first.nextCursor })).json();
    expect(second.replies.map((r: { text: string }) => r.text)).toEqual(['Third answer']);
    expect(second.nextCursor).toBeNull();

    // The author hears of each reply; so does an earlier replier of later ones.
    // Unread replies to one post are one item of the list, counting them.
    const replyNotes = (await notes(author)).filter((n) => n.name === 'New reply' && n.link.startsWith(`/post/${postId}`));
    expect(replyNotes).toHaveLength(1);
    expect(replyNotes[0]).toMatchObject({ kind: 'reply', count: 3 });
    expect((await notes(member)).some((n) => n.description === `Nat Outsider replied to "${(post.json() as { title: string }).title}"`)).toBe(true);
  });

  it('refuses an empty or too long reply and a quote of another post, with a message', async () => {
    const postId = await addPost(t.app, null, author.id);
    const other = await addPost(t.app, null, author.id);
    const elsewhere = (await reply(member, other, 'Elsewhere')).json().id as number;
    expect((await reply(member, postId, '   ')).json()).toEqual({ message: 'Please write a reply' });
    const long = await reply(member, postId, 'x'.repeat(5001));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ message: 'A reply must be at most 5000 characters' });
    const quote = await reply(member, postId, 'Quoting', elsewhere);
    expect(quote.statusCode).toBe(422);
    expect(quote.json()).toEqual({ message: 'The reply you answer could not be found' });
    expect((await reply(member, 99_999_999, 'Nobody')).statusCode).toBe(404);
    expect((await call(member, { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text: 'x', extra: 1 } })).json()).toEqual({ message: 'Unknown field: extra' });
  });

  it('an invite-only group: a non-member never sees a reply, its count or a notification of it', async () => {
    const groupId = await dbGroup(t.app, author.id, 'invite');
    await addMember(t.app, groupId, member.id);
    const postId = await addPost(t.app, groupId, author.id);
    expect((await reply(member, postId, 'Members only answer')).statusCode).toBe(201);
    for (const res of [await list(outsider, postId), await call(outsider, { method: 'GET', url: pathOf(R.getPost, { postId }) }), await reply(outsider, postId, 'Let me in')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
    const feed = (await call(outsider, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json();
    expect(feed.posts.some((p: { id: number }) => p.id === postId)).toBe(false);
    const search = (await call(outsider, { method: 'GET', url: pathOf(R.searchReplies, undefined, { term: 'members only answer' }) })).json();
    expect(search.count).toBe(0);
    // A former member is no longer told about replies in the thread they left.
    await t.app.db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', member.id).execute();
    const before = (await notes(member)).length;
    expect((await reply(author, postId, 'After you left')).statusCode).toBe(201);
    expect((await notes(member)).length).toBe(before);
    expect((await list(member, postId)).statusCode).toBe(404);
  });

  it('an open group: everyone reads the replies; only members reply (403)', async () => {
    const groupId = await dbGroup(t.app, author.id, 'open');
    await addMember(t.app, groupId, member.id);
    const postId = await addPost(t.app, groupId, author.id);
    expect((await reply(member, postId, 'Open answer')).statusCode).toBe(201);
    const seen = await list(outsider, postId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().total).toBe(1);
    const refused = await reply(outsider, postId, 'Not a member');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only members of this group can reply' });
  });

  it("a moderated group: members' replies appear at once; a pending post takes no replies", async () => {
    const groupId = await dbGroup(t.app, author.id, 'open', 'requireModeration');
    await addMember(t.app, groupId, member.id);
    const postId = await addPost(t.app, groupId, author.id);
    const res = await reply(member, postId, 'No approval needed');
    expect(res.statusCode).toBe(201);
    expect((await list(outsider, postId)).json().replies.map((r: { text: string }) => r.text)).toEqual(['No approval needed']);
    const pending = await addPost(t.app, groupId, member.id, { status: 0 });
    expect((await reply(author, pending, 'Too early')).statusCode).toBe(404);
  });

  it("edit and delete one's own reply; a reply that quoted it says it was deleted", async () => {
    const postId = await addPost(t.app, null, author.id);
    const mine = (await reply(member, postId, 'Original words')).json().id as number;
    const answer = await reply(author, postId, 'Answering you', mine);
    expect(answer.json().reply_to).toMatchObject({ id: mine, deleted: false, excerpt: 'Original words', creator: { first_name: 'Sam' } });

    const edited = await call(member, { method: 'PATCH', url: pathOf(R.editReply, { id: mine }), payload: { text: 'Better words' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().text).toBe('Better words');
    expect(edited.json().edited_at).not.toBeNull();
    const notMine = await call(author, { method: 'PATCH', url: pathOf(R.editReply, { id: mine }), payload: { text: 'Hijack' } });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toEqual({ message: 'You can only change your own replies' });
    const cannot = await call(outsider, { method: 'DELETE', url: pathOf(R.deleteReply, { id: mine }) });
    expect(cannot.statusCode).toBe(403);
    expect(cannot.json()).toEqual({ message: 'You can only delete your own replies' });

    const del = await call(member, { method: 'DELETE', url: pathOf(R.deleteReply, { id: mine }) });
    expect(del.json()).toEqual({ message: 'Reply deleted' });
    const page = (await list(outsider, postId)).json();
    expect(page.total).toBe(1);
    expect(page.replies[0].reply_to).toEqual({ id: mine, deleted: true, excerpt: '', creator: null });
    expect((await call(member, { method: 'DELETE', url: pathOf(R.deleteReply, { id: mine }) })).statusCode).toBe(404);
    // Its words are gone from search too.
    expect((await call(author, { method: 'GET', url: pathOf(R.searchReplies, undefined, { term: 'better words' }) })).json().count).toBe(0);
  });

  it('report a reply once; group moderators and site admins remove replies, plain members do not', async () => {
    const groupId = await dbGroup(t.app, author.id, 'open');
    await addMember(t.app, groupId, member.id);
    await addMember(t.app, groupId, mod.id, 1);
    await addMember(t.app, groupId, outsider.id);
    const postId = await addPost(t.app, groupId, author.id);
    const a = (await reply(member, postId, 'Rude words')).json().id as number;
    const b = (await reply(member, postId, 'More rude words')).json().id as number;
    expect((await call(member, { method: 'POST', url: pathOf(R.reportReply, { id: a }) })).json()).toEqual({ message: 'You cannot report your own reply' });
    expect((await call(outsider, { method: 'POST', url: pathOf(R.reportReply, { id: a }) })).json()).toEqual({ message: 'Reply reported' });
    const again = await call(outsider, { method: 'POST', url: pathOf(R.reportReply, { id: a }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already reported this reply' });
    expect((await notes(mod)).some((n) => n.name === 'A reply was reported' && n.link === `/post/${postId}#reply-${a}`)).toBe(true);
    expect((await notes(admin)).some((n) => n.name === 'A reply was reported')).toBe(true);

    expect((await list(mod, postId)).json().replies.every((r: { can_delete: boolean }) => r.can_delete)).toBe(true);
    // The post's card in the group: the count and the newest replies, which the group's moderator
    // and an admin may remove and a plain member may not.
    const card = async (who: TestUser) => {
      const res = await call(who, { method: 'GET', url: `/api/forumgroup/GetGroupPosts/${groupId}?offset=0&count=5` });
      expect(res.statusCode).toBe(200);
      return (res.json() as { posts: { id: number; reply_count: number; latest_replies: { text: string; can_delete: boolean }[] }[] }).posts.find((p) => p.id === postId)!;
    };
    for (const [who, removable] of [[mod, true], [admin, true], [outsider, false]] as const) {
      const c = await card(who);
      expect(c.reply_count).toBe(2);
      expect(c.latest_replies.map((r) => [r.text, r.can_delete])).toEqual([['Rude words', removable], ['More rude words', removable]]);
    }
    expect((await call(outsider, { method: 'DELETE', url: pathOf(R.deleteReply, { id: a }) })).statusCode).toBe(403);
    expect((await call(mod, { method: 'DELETE', url: pathOf(R.deleteReply, { id: a }) })).json()).toEqual({ message: 'Reply deleted' });
    expect((await call(admin, { method: 'DELETE', url: pathOf(R.deleteReply, { id: b }) })).json()).toEqual({ message: 'Reply deleted' });
    expect((await notes(member)).filter((n) => n.name === 'Your reply was removed')).toHaveLength(2);
    expect((await list(outsider, postId)).json().total).toBe(0);
  });

  it('one Idempotency-Key, sent three times (the outbox retrying): one reply, the same answer', async () => {
    const postId = await addPost(t.app, null, author.id);
    const key = crypto.randomUUID();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await reply(member, postId, 'Sent from the outbox', null, { 'idempotency-key': key }));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect((await list(author, postId)).json().total).toBe(1);
    // The key is the writer's own: another user sending it does not replay their reply.
    const other = await reply(outsider, postId, 'Sent from the outbox', null, { 'idempotency-key': key });
    expect(other.json().id).not.toBe(answers[0].json().id);
  });

  it('search finds replies the reader may see, newest first', async () => {
    const word = `zebra${crypto.randomBytes(3).toString('hex')}`;
    const postId = await addPost(t.app, null, author.id, { title: 'Searchable thread' });
    await reply(member, postId, `A ${word} crossing`);
    const groupId = await dbGroup(t.app, author.id, 'invite');
    const hidden = await addPost(t.app, groupId, author.id);
    await reply(author, hidden, `Hidden ${word}`);
    const found = (await call(outsider, { method: 'GET', url: pathOf(R.searchReplies, undefined, { term: word }) })).json();
    expect(found.count).toBe(1);
    expect(found.replies[0]).toMatchObject({ post_id: postId, post_title: 'Searchable thread', text: `A ${word} crossing` });
    expect((await call(author, { method: 'GET', url: pathOf(R.searchReplies, undefined, { term: word }) })).json().count).toBe(2);
  });

  it('authorization: every reply call wants a session (401); a non-member of an invite-only group gets 404 from each', async () => {
    const groupId = await dbGroup(t.app, author.id, 'invite');
    const postId = await addPost(t.app, groupId, author.id);
    const id = (await reply(author, postId, 'Inside')).json().id as number;
    const calls: InjectOptions[] = [
      { method: 'GET', url: pathOf(R.getPost, { postId }) },
      { method: 'GET', url: pathOf(R.listReplies, { postId }) },
      { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text: 'x' } },
      { method: 'PATCH', url: pathOf(R.editReply, { id }), payload: { text: 'x' } },
      { method: 'DELETE', url: pathOf(R.deleteReply, { id }) },
      { method: 'POST', url: pathOf(R.reportReply, { id }) },
    ];
    for (const c of calls) {
      const anon = await t.app.inject(c);
      expect(anon.statusCode, `${c.method} ${c.url}`).toBe(401);
      const res = await call(outsider, c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
      expect(res.json().message).toMatch(/not found/);
    }
    expect((await t.app.inject({ method: 'GET', url: pathOf(R.searchReplies, undefined, { term: 'x' }) })).statusCode).toBe(401);
  });
});
