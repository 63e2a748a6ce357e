// Mentions: the autocomplete offers only people who can see what is written (a group's members,
// everyone for the feed; nothing of a group the writer cannot see), a mention tells the person
// once (also when a reply is edited) and only when they can see the post, and mentions come back
// with the post and reply so the client links them.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/shared/endpoint.js';
import { conversation as C, replies as R } from '../../src/shared/endpoints/index.js';
import { mentionAtCaret, mentionedUsernames, mentionSegments } from '../../src/shared/mentions.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { addMember, addPost, dbGroup, unique } from './post-fixtures.js';

describe('mention syntax', () => {
  it('finds @usernames, not e-mail addresses, and leaves sentence punctuation out', () => {
    expect(mentionedUsernames('Thanks @Sam.Lee, and @ana! Mail me at x@y.org or @sam.lee.')).toEqual(['sam.lee', 'ana']);
    expect(mentionSegments('Hi @ana.')).toEqual([{ text: 'Hi ' }, { text: '@ana', username: 'ana' }, { text: '.' }]);
    expect(mentionAtCaret('Ask @sa', 7)).toEqual({ start: 4, term: 'sa' });
    expect(mentionAtCaret('mail a@b', 8)).toBeNull();
  });
});

describe.each(dbKinds)('mentions (%s)', (kind) => {
  let t: TestApp;
  let writer: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let tag: string;
  const call = (u: TestUser, opts: InjectOptions) => as(t.app, u, opts);
  const candidates = (u: TestUser, query: Record<string, string | number>) => call(u, { method: 'GET', url: pathOf(C.mentionCandidates, undefined, query) });
  const mentionNotes = async (u: TestUser) =>
    ((await call(u, { method: 'GET', url: '/api/Notification' })).json().notifications as { name: string; kind: string; link: string; description: string }[]).filter((n) => n.kind === 'mention');

  beforeAll(async () => {
    t = await buildTestApp(kind);
    tag = `m${Date.now().toString(36)}`;
    writer = await createUser(t.app, { username: `${tag}_writer`, firstName: 'Wanda', lastName: 'Writer' });
    member = await createUser(t.app, { username: `${tag}_member`, firstName: 'Sam', lastName: 'Member' });
    outsider = await createUser(t.app, { username: `${tag}_outsider`, firstName: 'Nat', lastName: 'Outsider' });
  });
  afterAll(() => t.close());

  it('the feed offers every active user by username or name; never the writer', async () => {
    const res = await candidates(writer, { term: `${tag}_` });
    expect(res.statusCode).toBe(200);
    const names = res.json().users.map((u: { username: string }) => u.username);
    expect(names).toEqual([`${tag}_member`, `${tag}_outsider`]);
    expect(res.json().users[0]).toMatchObject({ uuid_id: member.uuid_id, first_name: 'Sam', last_name: 'Member' });
    // '%' and '_' in a term are taken literally.
    expect((await candidates(writer, { term: '%' })).json().users).toEqual([]);
  });

  it('an invite-only group offers its members only; a non-member gets none of them (404)', async () => {
    const groupId = await dbGroup(t.app, writer.id, 'invite');
    await addMember(t.app, groupId, member.id);
    const postId = await addPost(t.app, groupId, writer.id);
    for (const q of [{ groupId }, { postId }] as Record<string, number>[]) {
      const names = (await candidates(writer, { term: tag, ...q })).json().users.map((u: { username: string }) => u.username);
      expect(names).toEqual([`${tag}_member`]);
    }
    for (const q of [{ groupId }, { postId }] as Record<string, number>[]) {
      const refused = await candidates(outsider, { term: '', ...q });
      expect(refused.statusCode).toBe(404);
      expect(JSON.stringify(refused.json())).not.toContain(`${tag}_member`);
    }
    expect((await candidates(writer, { postId, groupId })).statusCode).toBe(422);
    expect((await candidates(writer, { term: 'x'.repeat(51) })).json()).toEqual({ message: 'The search term must be at most 50 characters' });
  });

  it('a mention in a feed post tells the person once, and the post links it', async () => {
    const title = unique('Shift handover');
    const res = await call(writer, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title, text: `Ask @${tag}_MEMBER or @${tag}_member, thanks.` } });
    expect(res.statusCode).toBe(201);
    expect(res.json().mentions).toEqual([{ username: `${tag}_member`, uuid_id: member.uuid_id }]);
    const notes = (await mentionNotes(member)).filter((n) => n.link === `/post/${res.json().id}`);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ name: 'You were mentioned', description: `Wanda Writer mentioned you in "${title}"` });
    expect((await mentionNotes(writer)).length).toBe(0);
  });

  it('a reply mention: edited twice, the person is told once; a new name in the edit is told', async () => {
    const postId = await addPost(t.app, null, writer.id);
    const created = await call(writer, { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text: `@${tag}_member what do you think?` } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json().mentions.map((m: { username: string }) => m.username)).toEqual([`${tag}_member`]);
    for (const text of [`@${tag}_member what do you think now?`, `@${tag}_member and @${tag}_outsider?`]) {
      expect((await call(writer, { method: 'PATCH', url: pathOf(R.editReply, { id }), payload: { text } })).statusCode).toBe(200);
    }
    const link = `/post/${postId}#reply-${id}`;
    expect((await mentionNotes(member)).filter((n) => n.link === link)).toHaveLength(1);
    expect((await mentionNotes(outsider)).filter((n) => n.link === link)).toHaveLength(1);
    const thread = (await call(member, { method: 'GET', url: pathOf(R.listReplies, { postId }) })).json();
    expect(thread.replies[0].mentions.map((m: { username: string }) => m.username).sort()).toEqual([`${tag}_member`, `${tag}_outsider`]);
  });

  it('in an invite-only group a non-member mentioned is not told and not linked', async () => {
    const groupId = await dbGroup(t.app, writer.id, 'invite');
    await addMember(t.app, groupId, member.id);
    const postId = await addPost(t.app, groupId, writer.id);
    const res = await call(writer, { method: 'POST', url: pathOf(R.createReply, { postId }), payload: { text: `@${tag}_outsider @${tag}_member look` } });
    expect(res.statusCode).toBe(201);
    expect(res.json().mentions.map((m: { username: string }) => m.username)).toEqual([`${tag}_member`]);
    const link = `/post/${postId}#reply-${res.json().id}`;
    expect((await mentionNotes(outsider)).some((n) => n.link === link)).toBe(false);
    expect((await mentionNotes(member)).filter((n) => n.link === link)).toHaveLength(1);
  });

  it('a post waiting for approval tells the person once it is approved', async () => {
    const groupId = await dbGroup(t.app, writer.id, 'open', 'requireModeration');
    await addMember(t.app, groupId, member.id);
    await addMember(t.app, groupId, outsider.id);
    const res = await call(member, { method: 'POST', url: `/api/forumpost/CreateGroupPost/${groupId}`, payload: { title: unique('Held'), text: `Hello @${tag}_outsider` } });
    expect(res.statusCode).toBe(201);
    const postId = res.json().id as number;
    expect((await mentionNotes(outsider)).some((n) => n.link === `/post/${postId}`)).toBe(false);
    expect((await call(writer, { method: 'POST', url: `/api/forumpost/approve/${postId}` })).statusCode).toBe(200);
    expect((await mentionNotes(outsider)).filter((n) => n.link === `/post/${postId}`)).toHaveLength(1);
  });
});
