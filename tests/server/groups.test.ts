// Forum groups: every /api/forumgroup call and the group-post calls under /api/forumpost,
// their rules and messages, and an authorization table of every group route for a non-member, a
// member, a moderator, the creator and a site admin, in an open and an invite-only group.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/shared/enums.js';
import { DEMO_PASSWORD, seedUsers } from '../../src/server/db/seed/users.js';
import { seedGroups } from '../../src/server/db/seed/groups.js';
import { as, buildTestApp, createUser, dbKinds, lastMail, login, type TestApp, type TestUser } from './helpers.js';

const now = () => new Date().toISOString();
const unique = (label: string) => `${label} ${crypto.randomBytes(3).toString('hex')}`;

type Kind = 'open' | 'invite';

/** A group straight in the database (the table needs many fresh ones). */
async function dbGroup(app: FastifyInstance, creatorId: number, kind: Kind, posting: 'allowAll' | 'requireModeration' = 'requireModeration') {
  const g = await app.db
    .insertInto('forum_groups')
    .values({ name: unique(kind === 'open' ? 'Open group' : 'Closed group'), description: 'Set up by the test', membership_type: kind === 'open' ? 0 : 1, posting_type: posting, creator_id: creatorId, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('group_members').values({ group_id: g.id, user_id: creatorId, member_type: 2, joined_at: now() }).execute();
  return g.id;
}

const addMember = (app: FastifyInstance, groupId: number, userId: number, memberType = 0) =>
  app.db.insertInto('group_members').values({ group_id: groupId, user_id: userId, member_type: memberType, joined_at: now() }).execute();

async function addPost(app: FastifyInstance, groupId: number | null, creatorId: number, status: number, title = unique('Group post')) {
  const row = await app.db
    .insertInto('posts')
    .values({ title, text: '', creator_id: creatorId, group_id: groupId, status, type: 'post', created_at: now(), deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addScenario(app: FastifyInstance, owner: number, opts: { privacy?: number; processed?: number; error?: string | null; name?: string } = {}) {
  const uuid = crypto.randomUUID();
  const res = await sql<{ id: number }>`
    INSERT INTO scenarios (uuid_id, name, file_key, file_name, privacy_level, is_processed, processing_error, contributed_by, contributed_at, device_id)
    VALUES (${uuid}, ${opts.name ?? unique('Scenario')}, ${`scenarios/${uuid}/x.json`}, ${'x.json'}, ${opts.privacy ?? 0}, ${opts.processed ?? 1}, ${opts.error ?? null}, ${owner}, ${now()}, 3)
    RETURNING id`.execute(app.db);
  return { id: res.rows[0].id, uuid };
}

const notificationsOf = async (app: FastifyInstance, user: TestUser) =>
  (await as(app, user, { method: 'GET', url: '/api/Notification' })).json().notifications as { name: string; description: string; link: string }[];

const G = '/api/forumgroup';
const P = '/api/forumpost';

describe.each(dbKinds)('forum groups (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let mod: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let target: TestUser;
  let requester: TestUser;
  const call = (u: TestUser, opts: InjectOptions) => as(t.app, u, opts);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Olivia', lastName: 'Owner' });
    mod = await createUser(t.app, { firstName: 'Mo', lastName: 'Moderator' });
    member = await createUser(t.app, { firstName: 'Mia', lastName: 'Member' });
    outsider = await createUser(t.app, { firstName: 'Nat', lastName: 'Outsider' });
    admin = await createUser(t.app, { role: Role.User | Role.Admin, firstName: 'Adam', lastName: 'Admin' });
    target = await createUser(t.app, { firstName: 'Tess', lastName: 'Target' });
    requester = await createUser(t.app, { firstName: 'Rob', lastName: 'Requester' });
  });
  afterAll(() => t.close());

  describe('creating and editing a group', () => {
    it("creates a group with a trimmed name; the creator is its owner (member type 2) and sees 'Creator' in My Groups", async () => {
      const res = await call(owner, { method: 'POST', url: `${G}/creategroup`, payload: { name: '  Paramedic educators  ', description: ' Share cases ', membershipType: 1, postingType: 'requireModeration' } });
      expect(res.statusCode).toBe(201);
      const g = res.json();
      expect(g).toMatchObject({
        name: 'Paramedic educators', description: 'Share cases', membershipType: 1, postingType: 'requireModeration', isInviteOnly: true,
        userIsMember: true, memberType: 2, isOwner: true, isGroupAdmin: true, memberCount: 1, joinRequestSent: false, canSeeContent: true,
        creator: { id: owner.id, first_name: 'Olivia', last_name: 'Owner' },
      });
      expect(g.members).toEqual([{ user: expect.objectContaining({ id: owner.id }), memberType: 2, joined_at: expect.any(String) }]);
      const mine = (await call(owner, { method: 'GET', url: `${G}/mygroups` })).json();
      expect(mine).toContainEqual(expect.objectContaining({ id: g.id, name: 'Paramedic educators', status: 'Joined', role: 'Creator', memberType: 2 }));
    });

    it("defaults to an open group where posts appear at once; the description is optional", async () => {
      const res = await call(owner, { method: 'POST', url: `${G}/creategroup`, payload: { name: 'Defaults' } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ description: '', membershipType: 0, postingType: 'allowAll', isInviteOnly: false });
    });

    it("flags a blank or missing group name with 'Please enter a group name' and refuses unknown settings", async () => {
      for (const payload of [{ name: '   ' }, {}, { name: null }]) {
        const res = await call(owner, { method: 'POST', url: `${G}/creategroup`, payload });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: 'Please enter a group name' });
      }
      expect((await call(owner, { method: 'POST', url: `${G}/creategroup`, payload: { name: 'x', membershipType: 2 } })).json()).toEqual({ message: 'Membership must be 0 (public) or 1 (inviteOnly)' });
      expect((await call(owner, { method: 'POST', url: `${G}/creategroup`, payload: { name: 'x', postingType: 'sometimes' } })).json()).toEqual({ message: 'Posting must be allowAll or requireModeration' });
      expect((await call(owner, { method: 'POST', url: `${G}/creategroup`, payload: { name: 'x'.repeat(101) } })).statusCode).toBe(422);
      expect((await call(owner, { method: 'POST', url: `${G}/creategroup`, payload: { name: 'a\u0000b' } })).statusCode).toBe(422);
    });

    it("group admins update the details ('Your group has been updated.' on screen); the body id must match", async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      await addMember(t.app, id, mod.id, 1);
      const res = await call(mod, { method: 'PATCH', url: `${G}/updategroup/${id}`, payload: { id, name: ' Renamed ', description: 'New words', membershipType: 1, postingType: 'requireModeration' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, name: 'Renamed', description: 'New words', membershipType: 1, postingType: 'requireModeration', isInviteOnly: true });
      const mismatch = await call(owner, { method: 'PATCH', url: `${G}/updategroup/${id}`, payload: { id: id + 1, name: 'x' } });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json()).toEqual({ message: 'The id in the body does not match the group' });
      const blank = await call(owner, { method: 'PATCH', url: `${G}/updategroup/${id}`, payload: { name: ' ' } });
      expect(blank.json()).toEqual({ message: 'Please enter a group name' });
      // Absent settings stay as they are.
      const kept = await call(owner, { method: 'PATCH', url: `${G}/updategroup/${id}`, payload: { name: 'Kept' } });
      expect(kept.json()).toMatchObject({ name: 'Kept', description: 'New words', membershipType: 1, postingType: 'requireModeration' });
      const settingOnly = await call(owner, { method: 'PATCH', url: `${G}/updategroup/${id}`, payload: { postingType: 'allowAll' } });
      expect(settingOnly.statusCode).toBe(200);
      expect(settingOnly.json()).toMatchObject({ name: 'Kept', description: 'New words', membershipType: 1, postingType: 'allowAll' });
      // A description sent empty (or null) is cleared.
      const cleared = await call(owner, { method: 'PATCH', url: `${G}/updategroup/${id}`, payload: { description: null } });
      expect(cleared.json()).toMatchObject({ name: 'Kept', description: '' });
    });

    it("only the owner deletes the group: 'Group deleted.'; its posts leave the feed and the group is gone", async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      await addMember(t.app, id, mod.id, 1);
      await addMember(t.app, id, member.id);
      const title = unique('Soon gone');
      await addPost(t.app, id, member.id, 1, title);
      const feedTitles = async () => ((await call(member, { method: 'GET', url: `${P}/GetPosts/0/100/-1` })).json().posts as { title: string }[]).map((p) => p.title);
      expect(await feedTitles()).toContain(title);
      const refused = await call(mod, { method: 'DELETE', url: `${G}/deletegroup/${id}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Only the group creator can do that' });
      const res = await call(owner, { method: 'DELETE', url: `${G}/deletegroup/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Group deleted.' });
      expect((await call(owner, { method: 'GET', url: `${G}/${id}` })).statusCode).toBe(404);
      expect(await feedTitles()).not.toContain(title);
      expect((await call(member, { method: 'GET', url: `${G}/mygroups` })).json().some((g: { id: number }) => g.id === id)).toBe(false);
    });
  });

  describe('visibility', () => {
    it("an invite-only group's name and description show to every signed-in user; its members and posts only to members", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite', 'allowAll');
      await addMember(t.app, id, member.id);
      await addPost(t.app, id, member.id, 1, 'Members only');
      const seen = (await call(outsider, { method: 'GET', url: `${G}/${id}` })).json();
      expect(seen).toMatchObject({ id, description: 'Set up by the test', isInviteOnly: true, userIsMember: false, canSeeContent: false, memberCount: 2, members: [], invites: [] });
      expect((await call(outsider, { method: 'GET', url: `${G}/GetGroupWithoutMembers/${id}` })).json()).toMatchObject({ id, canSeeContent: false });
      const posts = await call(outsider, { method: 'GET', url: `${P}/GetGroupPosts/${id}` });
      expect(posts.statusCode).toBe(404);
      expect(posts.json()).toEqual({ message: 'Group not found' });
      const inside = (await call(member, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json();
      expect(inside).toMatchObject({ count: 1, total: 1, to: 1, posts: [{ title: 'Members only', status: 1, group: { id } }] });
      expect((await call(member, { method: 'GET', url: `${G}/${id}` })).json().members).toHaveLength(2);
      // The spec's list also names it under /api/forumgroup.
      expect((await call(member, { method: 'GET', url: `${G}/GetGroupPosts/${id}` })).json().total).toBe(1);
      // A site admin sees it to moderate.
      expect((await call(admin, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json().total).toBe(1);
    });

    it("an open group's approved posts and members are readable by every signed-in user", async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      await addPost(t.app, id, owner.id, 1, 'Open to all');
      const g = (await call(outsider, { method: 'GET', url: `${G}/${id}` })).json();
      expect(g).toMatchObject({ canSeeContent: true, userIsMember: false, members: [expect.objectContaining({ memberType: 2 })] });
      const posts = (await call(outsider, { method: 'GET', url: `${P}/GetGroupPosts/${id}?offset=0&count=5` })).json();
      expect(posts.posts.map((p: { title: string }) => p.title)).toEqual(['Open to all']);
    });

    it('pages group posts and refuses a bad page', async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      for (let i = 0; i < 7; i++) await addPost(t.app, id, owner.id, 1, `Paged ${i}`);
      const first = (await call(member, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json();
      expect(first).toMatchObject({ count: 5, to: 5, total: 7 });
      const second = (await call(member, { method: 'GET', url: `${P}/GetGroupPosts/${id}?offset=5&count=5` })).json();
      expect(second).toMatchObject({ count: 2, to: 7, total: 7 });
      const bad = await call(member, { method: 'GET', url: `${P}/GetGroupPosts/${id}?count=0` });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ message: 'Count must be at least 1' });
      for (const url of [`${P}/GetGroupPosts/abc`, `${P}/GetGroupPosts/2147483648`, `${G}/99999999`, `${G}/1.5`]) expect((await call(member, { method: 'GET', url })).statusCode).toBe(404);
    });

    it("the feed holds public posts plus the approved posts of my groups, each with its group's name", async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'requireModeration');
      await addMember(t.app, id, member.id);
      const approved = unique('Approved in my group');
      const pending = unique('Pending in my group');
      await addPost(t.app, id, member.id, 1, approved);
      await addPost(t.app, id, member.id, 0, pending);
      await addPost(t.app, null, outsider.id, 1, unique('Public post'));
      const feed = async (u: TestUser) => {
        const page = (await call(u, { method: 'GET', url: `${P}/GetPosts/0/100/-1` })).json();
        // The total counts public posts and my groups' approved posts alike.
        expect(page.total).toBe(page.posts.length);
        return page.posts as { title: string; group: { id: number; name: string } | null }[];
      };
      const mine = await feed(member);
      const post = mine.find((p) => p.title === approved);
      const name = (await call(member, { method: 'GET', url: `${G}/${id}` })).json().name;
      expect(post?.group).toEqual({ id, name });
      expect(mine.some((p) => p.title === pending)).toBe(false);
      expect(mine.some((p) => p.group === null)).toBe(true);
      // Not a member: not in my feed, though the open group's page shows it.
      expect((await feed(outsider)).some((p) => p.title === approved)).toBe(false);
    });
  });

  describe('membership', () => {
    it("joins an open group directly: 'You joined the group'; a second join is 409 and an invite-only group is 403", async () => {
      const open = await dbGroup(t.app, owner.id, 'open');
      const res = await call(member, { method: 'POST', url: `${G}/joinopengroup/${open}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'You joined the group' });
      expect((await call(member, { method: 'GET', url: `${G}/${open}` })).json()).toMatchObject({ userIsMember: true, memberType: 0, isGroupAdmin: false });
      const again = await call(member, { method: 'POST', url: `${G}/joinopengroup/${open}` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'You are already a member of this group' });
      const closed = await dbGroup(t.app, owner.id, 'invite');
      const refused = await call(member, { method: 'POST', url: `${G}/joinopengroup/${closed}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'This group is invite-only: ask to join it instead' });
    });

    it('two joins at once keep one membership', async () => {
      const open = await dbGroup(t.app, owner.id, 'open');
      const u = await createUser(t.app);
      const results = await Promise.all([0, 1, 2].map(() => call(u, { method: 'POST', url: `${G}/joinopengroup/${open}` })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect((await call(u, { method: 'GET', url: `${G}/${open}` })).json().memberCount).toBe(2);
    });

    it("asks to join an invite-only group with a message; the admins are told; approve -> 'Join request approved', the requester is told and is a member", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      await addMember(t.app, id, mod.id, 1);
      const u = await createUser(t.app, { firstName: 'Jo', lastName: 'Joiner' });
      const res = await call(u, { method: 'POST', url: `${G}/requestToJoinGroup/${id}`, payload: { message: '  I teach ALS at the hospital  ' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Join request sent' });
      expect((await call(u, { method: 'GET', url: `${G}/${id}` })).json()).toMatchObject({ joinRequestSent: true, userIsMember: false });
      const again = await call(u, { method: 'POST', url: `${G}/requestToJoinGroup/${id}` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'You have already asked to join this group' });

      for (const admin of [owner, mod]) {
        const n = (await notificationsOf(t.app, admin)).find((x) => x.name === 'Join request' && x.link === `/forum/edit/${id}?tab=join-requests`);
        expect(n?.description).toContain('Jo Joiner asked to join');
        expect(n?.description).toContain('"I teach ALS at the hospital"');
      }
      const list = (await call(mod, { method: 'GET', url: `${G}/GroupJoinRequests/${id}` })).json();
      expect(list).toEqual([{ id: expect.any(Number), user: expect.objectContaining({ id: u.id, first_name: 'Jo' }), message: 'I teach ALS at the hospital', created_at: expect.any(String) }]);
      expect((await call(owner, { method: 'GET', url: `${G}/${id}` })).json().joinRequestCount).toBe(1);

      const ok = await call(mod, { method: 'POST', url: `${G}/approvejoinrequest/${list[0].id}` });
      expect(ok.json()).toEqual({ message: 'Join request approved' });
      expect((await call(u, { method: 'GET', url: `${G}/${id}` })).json()).toMatchObject({ userIsMember: true, joinRequestSent: false, canSeeContent: true });
      expect((await notificationsOf(t.app, u))[0]).toMatchObject({ name: 'Join request approved', link: `/forum/group/${id}` });
      // Handled already (by another admin at the same time): 404.
      const twice = await call(owner, { method: 'POST', url: `${G}/approvejoinrequest/${list[0].id}` });
      expect(twice.statusCode).toBe(404);
      expect(twice.json()).toEqual({ message: 'Join request not found' });
      expect((await call(owner, { method: 'GET', url: `${G}/GroupJoinRequests/${id}` })).json()).toEqual([]);
    });

    it("decline -> 'Join request declined'; the requester is told and may ask again", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      const u = await createUser(t.app);
      await call(u, { method: 'POST', url: `${G}/requestToJoinGroup/${id}` });
      const [req] = (await call(owner, { method: 'GET', url: `${G}/GroupJoinRequests/${id}` })).json();
      expect(req.message).toBe('');
      const res = await call(owner, { method: 'POST', url: `${G}/declinejoinrequest/${req.id}` });
      expect(res.json()).toEqual({ message: 'Join request declined' });
      expect((await notificationsOf(t.app, u))[0]).toMatchObject({ name: 'Join request declined', link: `/forum/group/${id}` });
      expect((await call(u, { method: 'GET', url: `${G}/${id}` })).json()).toMatchObject({ userIsMember: false, joinRequestSent: false });
      expect((await call(u, { method: 'POST', url: `${G}/requestToJoinGroup/${id}` })).statusCode).toBe(200);
    });

    it('refuses a join request to an open group, a too-long message, and one from a member', async () => {
      const open = await dbGroup(t.app, owner.id, 'open');
      const res = await call(member, { method: 'POST', url: `${G}/requestToJoinGroup/${open}` });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'This group is open: join it directly' });
      const closed = await dbGroup(t.app, owner.id, 'invite');
      const long = await call(member, { method: 'POST', url: `${G}/requestToJoinGroup/${closed}`, payload: { message: 'x'.repeat(501) } });
      expect(long.json()).toEqual({ message: 'The message must be at most 500 characters' });
      expect((await call(owner, { method: 'POST', url: `${G}/requestToJoinGroup/${closed}` })).json()).toEqual({ message: 'You are already a member of this group' });
    });

    it("leaving: 'You left the group.'; the creator may not ('You may not leave a group you created.'); a non-member gets 404", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      await addMember(t.app, id, member.id);
      const res = await call(member, { method: 'POST', url: `${G}/LeaveGroup/${id}` });
      expect(res.json()).toEqual({ message: 'You left the group.' });
      expect((await call(member, { method: 'GET', url: `${G}/${id}` })).json()).toMatchObject({ userIsMember: false, canSeeContent: false });
      const creator = await call(owner, { method: 'POST', url: `${G}/LeaveGroup/${id}` });
      expect(creator.statusCode).toBe(403);
      expect(creator.json()).toEqual({ message: 'You may not leave a group you created.' });
      const none = await call(member, { method: 'POST', url: `${G}/LeaveGroup/${id}` });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'You are not a member of this group' });
    });

    it('lists my groups by name (mygroups) and my invites first with their status (mygroupswithstatus)', async () => {
      const u = await createUser(t.app);
      const a = await dbGroup(t.app, owner.id, 'open');
      const b = await dbGroup(t.app, owner.id, 'invite');
      await t.app.db.updateTable('forum_groups').set({ name: 'Alpha team' }).where('id', '=', a).execute();
      await t.app.db.updateTable('forum_groups').set({ name: 'beta team' }).where('id', '=', b).execute();
      await addMember(t.app, b, u.id, 1);
      await addMember(t.app, a, u.id);
      const c = await dbGroup(t.app, owner.id, 'invite');
      await call(owner, { method: 'POST', url: `${G}/sendinvites/${c}`, payload: { email: u.email } });
      const joined = (await call(u, { method: 'GET', url: `${G}/mygroups` })).json();
      expect(joined.map((g: { id: number; status: string; role: string }) => [g.id, g.status, g.role])).toEqual([[a, 'Joined', 'Member'], [b, 'Joined', 'Moderator']]);
      const all = (await call(u, { method: 'GET', url: `${G}/mygroupswithstatus` })).json();
      expect(all[0]).toMatchObject({ id: c, status: 'Invited', role: null, memberType: null, isInviteOnly: true, invitedBy: { id: owner.id, first_name: 'Olivia' } });
      expect(all.slice(1).map((g: { id: number }) => g.id)).toEqual([a, b]);
      expect((await call(outsider, { method: 'GET', url: `${G}/mygroups` })).json().some((g: { id: number }) => g.id === a)).toBe(false);
    });
  });

  describe('invites', () => {
    it("invites an existing account: 'Invite sent.', an in-app notification and an e-mail with a link to accept; accept -> 'You joined the group'", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      const u = await createUser(t.app, { firstName: 'Ivy', lastName: 'Invitee' });
      const res = await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: `  ${u.email.toUpperCase()} ` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Invite sent.' });
      const n = (await notificationsOf(t.app, u))[0];
      expect(n).toMatchObject({ name: 'Group invite', link: '/me/forum/groups' });
      expect(n.description).toContain('Olivia Owner invited you to join');
      await t.app.jobs.drain();
      const mail = lastMail(t.dataDir, u.email);
      expect(mail.link).toBe('http://localhost:3000/me/forum/groups');
      const g = (await call(u, { method: 'GET', url: `${G}/${id}` })).json();
      expect(g).toMatchObject({ inviteReceived: true, userIsMember: false });
      const invites = (await call(owner, { method: 'GET', url: `${G}/${id}` })).json().invites;
      expect(invites).toEqual([expect.objectContaining({ email: u.email, user: expect.objectContaining({ id: u.id }), invited_by: expect.objectContaining({ id: owner.id }) })]);

      const ok = await call(u, { method: 'POST', url: `${G}/acceptinvite/${id}` });
      expect(ok.json()).toEqual({ message: 'You joined the group' });
      expect((await call(u, { method: 'GET', url: `${G}/${id}` })).json()).toMatchObject({ userIsMember: true, inviteReceived: false, memberType: 0 });
      expect((await call(owner, { method: 'GET', url: `${G}/${id}` })).json().invites).toEqual([]);
      const again = await call(u, { method: 'POST', url: `${G}/acceptinvite/${id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Invite not found' });
    });

    it("declining an invite removes it: \"You didn't join the group\"", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      const u = await createUser(t.app);
      await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: u.email } });
      const res = await call(u, { method: 'POST', url: `${G}/rejectinvite/${id}` });
      expect(res.json()).toEqual({ message: "You didn't join the group" });
      expect((await call(u, { method: 'GET', url: `${G}/mygroupswithstatus` })).json().some((g: { id: number }) => g.id === id)).toBe(false);
      expect((await call(u, { method: 'POST', url: `${G}/rejectinvite/${id}` })).statusCode).toBe(404);
    });

    it('flags a bad address, a second invite to the same address and an invite to a member', async () => {
      const id = await dbGroup(t.app, owner.id, 'open');
      await addMember(t.app, id, member.id);
      for (const email of ['not-an-email', '', 'a@b']) {
        const res = await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email } });
        expect(res.statusCode).toBe(422);
      }
      expect((await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: 'nope' } })).json()).toEqual({ message: 'Please enter a valid email address' });
      const isMember = await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: member.email } });
      expect(isMember.statusCode).toBe(409);
      expect(isMember.json()).toEqual({ message: 'That person is already a member of this group' });
      const address = `${unique('dup').replace(' ', '-')}@example.test`;
      expect((await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: address } })).statusCode).toBe(200);
      const dup = await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: address.toUpperCase() } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: 'That address has already been invited to this group' });
    });

    it('an unknown address is invited to register; after it verifies, the invite waits for it under My Groups', async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      const email = `newcomer.${crypto.randomBytes(3).toString('hex')}@example.test`;
      const res = await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email } });
      expect(res.json()).toEqual({ message: 'Invite sent.' });
      await t.app.jobs.drain();
      const invite = lastMail(t.dataDir, email);
      expect(invite.link).toBe('http://localhost:3000/register');
      expect(invite.text).toContain('Olivia Owner invited you to join the group');
      const pending = (await call(owner, { method: 'GET', url: `${G}/${id}` })).json().invites;
      expect(pending).toEqual([expect.objectContaining({ email, user: null })]);

      const username = `newcomer_${crypto.randomBytes(3).toString('hex')}`;
      const reg = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: { firstName: 'New', lastName: 'Comer', email, username, password: 'Passw0rdA' } });
      expect(reg.statusCode).toBe(201);
      await t.app.jobs.drain();
      const verifyLink = lastMail(t.dataDir, email).link!;
      const token = verifyLink.split('/emailverified/')[1];
      expect((await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` })).statusCode).toBe(200);
      const newcomer = { cookie: await login(t.app, username, 'Passw0rdA') } as TestUser;
      const mine = (await call(newcomer, { method: 'GET', url: `${G}/mygroupswithstatus` })).json();
      expect(mine).toEqual([expect.objectContaining({ id, status: 'Invited', invitedBy: expect.objectContaining({ id: owner.id }) })]);
      expect((await notificationsOf(t.app, newcomer))[0]).toMatchObject({ name: 'Group invite', link: '/me/forum/groups' });
      expect((await call(newcomer, { method: 'POST', url: `${G}/acceptinvite/${id}` })).json()).toEqual({ message: 'You joined the group' });
    });

    it('group admins withdraw an invite', async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: 'withdrawn@example.test' } });
      const [inv] = (await call(owner, { method: 'GET', url: `${G}/${id}` })).json().invites;
      const res = await call(owner, { method: 'POST', url: `${G}/cancelinvite/${inv.id}` });
      expect(res.json()).toEqual({ message: 'Invite cancelled.' });
      expect((await call(owner, { method: 'GET', url: `${G}/${id}` })).json().invites).toEqual([]);
      expect((await call(owner, { method: 'POST', url: `${G}/cancelinvite/${inv.id}` })).statusCode).toBe(404);
    });

    it('an invited user who asks to join is pointed at the invite', async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      const u = await createUser(t.app);
      await call(owner, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: u.email } });
      const res = await call(u, { method: 'POST', url: `${G}/requestToJoinGroup/${id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'You have been invited to this group: accept the invite instead' });
    });
  });

  describe('moderators and members', () => {
    it("the owner makes members moderators ('Your changes have been saved.'); at least one user; only members", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      await addMember(t.app, id, member.id);
      await addMember(t.app, id, target.id);
      const none = await call(owner, { method: 'POST', url: `${G}/addmoderators/${id}`, payload: [] });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toEqual({ message: 'Select at least one user' });
      expect((await call(owner, { method: 'POST', url: `${G}/addmoderators/${id}`, payload: { userIds: [] } })).json()).toEqual({ message: 'Select at least one user' });
      const notMember = await call(owner, { method: 'POST', url: `${G}/addmoderators/${id}`, payload: [outsider.id] });
      expect(notMember.json()).toEqual({ message: 'Only members of the group can be made moderators' });
      expect((await call(owner, { method: 'POST', url: `${G}/addmoderators/${id}`, payload: ['x'] })).statusCode).toBe(422);
      const res = await call(owner, { method: 'POST', url: `${G}/addmoderators/${id}`, payload: [member.id, target.id] });
      expect(res.json()).toEqual({ message: 'Your changes have been saved.' });
      const g = (await call(member, { method: 'GET', url: `${G}/${id}` })).json();
      expect(g).toMatchObject({ memberType: 1, isGroupAdmin: true, isOwner: false, hasOwnerRights: false });
      expect((await call(owner, { method: 'GET', url: `${G}/${id}` })).json()).toMatchObject({ isOwner: true, hasOwnerRights: true });
      // A site admin holds the owner's rights to moderate without being a member.
      expect((await call(admin, { method: 'GET', url: `${G}/${id}` })).json()).toMatchObject({ userIsMember: false, isOwner: false, isGroupAdmin: true, hasOwnerRights: true, canSeeContent: true });
      expect(g.members.filter((m: { memberType: number }) => m.memberType === 1)).toHaveLength(2);
      expect((await notificationsOf(t.app, target))[0]).toMatchObject({ name: 'You are now a moderator', link: `/forum/group/${id}` });
      // A moderator may not assign moderators.
      const byMod = await call(member, { method: 'POST', url: `${G}/addmoderators/${id}`, payload: [target.id] });
      expect(byMod.statusCode).toBe(403);
      expect(byMod.json()).toEqual({ message: 'Only the group creator can do that' });
      expect((await call(member, { method: 'GET', url: `${G}/mygroups` })).json().find((x: { id: number }) => x.id === id).role).toBe('Moderator');
      // And back.
      expect((await call(owner, { method: 'POST', url: `${G}/removemoderator/${id}/${target.id}` })).json()).toEqual({ message: 'Your changes have been saved.' });
      expect((await call(owner, { method: 'POST', url: `${G}/removemoderator/${id}/${target.id}` })).json()).toEqual({ message: 'That user is not a moderator of this group' });
    });

    it('group admins remove members; only the owner removes a moderator; nobody removes the owner', async () => {
      const id = await dbGroup(t.app, owner.id, 'open');
      await addMember(t.app, id, mod.id, 1);
      const m2 = await createUser(t.app);
      await addMember(t.app, id, member.id);
      await addMember(t.app, id, m2.id, 1);
      expect((await call(mod, { method: 'POST', url: `${G}/removemember/${id}/${member.id}` })).json()).toEqual({ message: 'Your changes have been saved.' });
      expect((await call(member, { method: 'GET', url: `${G}/${id}` })).json().userIsMember).toBe(false);
      const otherMod = await call(mod, { method: 'POST', url: `${G}/removemember/${id}/${m2.id}` });
      expect(otherMod.statusCode).toBe(403);
      expect(otherMod.json()).toEqual({ message: 'Only the group creator can remove a moderator' });
      const theOwner = await call(admin, { method: 'POST', url: `${G}/removemember/${id}/${owner.id}` });
      expect(theOwner.statusCode).toBe(403);
      expect(theOwner.json()).toEqual({ message: 'The group creator cannot be removed' });
      expect((await call(owner, { method: 'POST', url: `${G}/removemember/${id}/${m2.id}` })).statusCode).toBe(200);
      const gone = await call(owner, { method: 'POST', url: `${G}/removemember/${id}/${m2.id}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'That user is not a member of this group' });
    });

    it('keeps a moderation log: who approved, declined, invited, removed or promoted whom', async () => {
      const id = await dbGroup(t.app, owner.id, 'invite');
      await addMember(t.app, id, mod.id, 1);
      await addMember(t.app, id, member.id);
      await call(owner, { method: 'POST', url: `${G}/addmoderators/${id}`, payload: [member.id] });
      await call(mod, { method: 'POST', url: `${G}/sendinvites/${id}`, payload: { email: 'logged@example.test' } });
      await call(requester, { method: 'POST', url: `${G}/requestToJoinGroup/${id}` });
      const [req] = (await call(mod, { method: 'GET', url: `${G}/GroupJoinRequests/${id}` })).json();
      await call(mod, { method: 'POST', url: `${G}/declinejoinrequest/${req.id}` });
      const log = (await call(member, { method: 'GET', url: `${G}/moderationlog/${id}` })).json();
      expect(log.map((e: { action: string }) => e.action)).toEqual(['declined_join', 'invited', 'promoted_moderator']);
      expect(log[0]).toMatchObject({ actor: { id: mod.id }, target: { id: requester.id } });
      expect(log[1]).toMatchObject({ detail: 'logged@example.test', target: null });
      expect(log[2]).toMatchObject({ actor: { id: owner.id }, target: { id: member.id } });
    });
  });

  describe('group posts', () => {
    const createGroupPost = (u: TestUser, id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      call(u, { method: 'POST', url: `${P}/CreateGroupPost/${id}`, payload, headers });

    it('in an allowAll group a member\'s post appears at once', async () => {
      const id = await dbGroup(t.app, owner.id, 'invite', 'allowAll');
      await addMember(t.app, id, member.id);
      const res = await createGroupPost(member, id, { title: '  Handover checklist  ', text: 'Try this' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ title: 'Handover checklist', status: 1, group: { id }, errors: [], is_mine: true });
      expect((await call(owner, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json().posts[0].title).toBe('Handover checklist');
    });

    it("in a moderated group a member's post waits: 'My Pending Posts' for its author, Post requests for the admins, who are told", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite', 'requireModeration');
      await addMember(t.app, id, mod.id, 1);
      await addMember(t.app, id, member.id);
      await addMember(t.app, id, target.id);
      const res = await createGroupPost(member, id, { title: 'Please approve me' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 0, group: { id } });
      const postId = res.json().id;
      expect((await call(target, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json().total).toBe(0);
      expect((await call(member, { method: 'GET', url: `${P}/mypendingposts/${id}` })).json().map((p: { id: number }) => p.id)).toEqual([postId]);
      expect((await call(target, { method: 'GET', url: `${P}/mypendingposts/${id}` })).json()).toEqual([]);
      const requests = (await call(mod, { method: 'GET', url: `${P}/grouppostrequests/${id}` })).json();
      expect(requests).toEqual([expect.objectContaining({ id: postId, status: 0, creator: expect.objectContaining({ id: member.id }) })]);
      expect((await call(owner, { method: 'GET', url: `${G}/${id}` })).json().postRequestCount).toBe(1);
      for (const a of [owner, mod]) {
        expect((await notificationsOf(t.app, a))[0]).toMatchObject({ name: 'Post waiting for approval', link: `/forum/edit/${id}?tab=post-requests` });
      }
      // Someone else's pending post is invisible to plain members.
      const byMember = await call(target, { method: 'POST', url: `${P}/approve/${postId}` });
      expect(byMember.statusCode).toBe(404);

      const ok = await call(mod, { method: 'POST', url: `${P}/approve/${postId}` });
      expect(ok.json()).toEqual({ message: 'Post approved.' });
      expect((await call(target, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json().posts.map((p: { id: number }) => p.id)).toEqual([postId]);
      expect((await notificationsOf(t.app, member))[0]).toMatchObject({ name: 'Post approved', link: `/forum/group/${id}` });
      const twice = await call(owner, { method: 'POST', url: `${P}/approve/${postId}` });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: 'This post is not waiting for approval' });
    });

    it("declining removes the pending post: 'Post declined.', and its author is told", async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'requireModeration');
      await addMember(t.app, id, member.id);
      const postId = (await createGroupPost(member, id, { title: 'Not this one' })).json().id;
      const res = await call(owner, { method: 'POST', url: `${P}/decline/${postId}` });
      expect(res.json()).toEqual({ message: 'Post declined.' });
      expect((await call(member, { method: 'GET', url: `${P}/mypendingposts/${id}` })).json()).toEqual([]);
      expect((await call(owner, { method: 'GET', url: `${P}/grouppostrequests/${id}` })).json()).toEqual([]);
      expect((await notificationsOf(t.app, member))[0]).toMatchObject({ name: 'Post declined', link: `/forum/group/${id}` });
      expect((await call(owner, { method: 'POST', url: `${P}/decline/${postId}` })).statusCode).toBe(404);
    });

    it("group admins' own posts are not held", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite', 'requireModeration');
      await addMember(t.app, id, mod.id, 1);
      expect((await createGroupPost(mod, id, { title: 'From a moderator' })).json().status).toBe(1);
      expect((await createGroupPost(owner, id, { title: 'From the owner' })).json().status).toBe(1);
    });

    it('the author deletes their own pending post', async () => {
      const id = await dbGroup(t.app, owner.id, 'invite', 'requireModeration');
      await addMember(t.app, id, member.id);
      const postId = (await createGroupPost(member, id, { title: 'Changed my mind' })).json().id;
      expect((await call(member, { method: 'DELETE', url: `${P}/DeletePost/${postId}` })).json()).toEqual({ message: 'Post deleted' });
      expect((await call(member, { method: 'GET', url: `${P}/mypendingposts/${id}` })).json()).toEqual([]);
      expect((await call(owner, { method: 'GET', url: `${P}/grouppostrequests/${id}` })).json()).toEqual([]);
    });

    it("non-members may not post: 'Only members can post in this group'", async () => {
      for (const k of ['open', 'invite'] as const) {
        const id = await dbGroup(t.app, owner.id, k, 'allowAll');
        const res = await createGroupPost(outsider, id, { title: 'Let me in' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Only members can post in this group' });
      }
      expect((await createGroupPost(member, 99999999, { title: 'Nowhere' })).statusCode).toBe(404);
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      expect((await createGroupPost(owner, id, { title: '   ' })).json()).toEqual({ message: 'Please enter a title' });
    });

    it('takes the multipart form of CreatePost (with files) and answers 400 for a form that cannot be read', async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      await addMember(t.app, id, member.id);
      const boundary = '----groupform';
      const parts = [
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nWith a file\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nSee attached\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="mediaToUpload"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
        `--${boundary}--\r\n`,
      ].join('');
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      const res = await call(member, { method: 'POST', url: `${P}/CreateGroupPost/${id}`, payload: parts, headers });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ title: 'With a file', text: 'See attached', group: { id }, errors: [{ filename: 'notes.txt', message: expect.any(String) }] });
      const broken = await call(member, { method: 'POST', url: `${P}/CreateGroupPost/${id}`, payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi`, headers });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ message: 'The upload was not a valid multipart form' });
      // A non-member is refused before the form is read.
      const outside = await call(outsider, { method: 'POST', url: `${P}/CreateGroupPost/${id}`, payload: parts, headers });
      expect(outside.statusCode).toBe(403);
    });

    it('replays one Idempotency-Key: one post, the same response', async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'requireModeration');
      await addMember(t.app, id, member.id);
      const key = crypto.randomUUID();
      const bodies = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await createGroupPost(member, id, { title: 'Queued offline' }, { 'idempotency-key': key });
        expect(res.statusCode).toBe(201);
        bodies.add(res.body);
      }
      expect(bodies.size).toBe(1);
      expect((await call(member, { method: 'GET', url: `${P}/mypendingposts/${id}` })).json()).toHaveLength(1);
    });

    it("a group post may attach the author's private scenario; the group's members can open and download it, others cannot", async () => {
      const id = await dbGroup(t.app, owner.id, 'invite', 'allowAll');
      await addMember(t.app, id, member.id);
      await addMember(t.app, id, target.id);
      const priv = await addScenario(t.app, member.id, { privacy: 0, name: 'Private arrest case' });
      // Before it is posted, another member cannot open it.
      expect((await call(target, { method: 'GET', url: `/api/scenarios/${priv.uuid}` })).statusCode).toBe(404);
      const res = await createGroupPost(member, id, { title: 'Our case', scenarios: [priv.id] });
      expect(res.statusCode).toBe(201);
      expect(res.json().scenarios).toEqual([expect.objectContaining({ id: priv.id, name: 'Private arrest case' })]);
      const seen = (await call(target, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json().posts[0];
      expect(seen.scenarios).toEqual([expect.objectContaining({ uuid_id: priv.uuid })]);
      const open = await call(target, { method: 'GET', url: `/api/scenarios/${priv.uuid}` });
      expect(open.statusCode).toBe(200);
      expect(open.json()).toMatchObject({ name: 'Private arrest case', privacy_level: 0 });
      const dl = await call(target, { method: 'GET', url: `/api/scenarios/download/${priv.id}` });
      expect(dl.statusCode).toBe(200);
      expect(dl.json().url).toMatch(/^\/api\/files\//);
      // Not a member: the post is invisible and so is the scenario.
      expect((await call(outsider, { method: 'GET', url: `/api/scenarios/${priv.uuid}` })).statusCode).toBe(404);
      expect((await call(outsider, { method: 'GET', url: `/api/scenarios/download/${priv.id}` })).statusCode).toBe(404);
      // A member who leaves loses it.
      await call(target, { method: 'POST', url: `${G}/LeaveGroup/${id}` });
      expect((await call(target, { method: 'GET', url: `/api/scenarios/${priv.uuid}` })).statusCode).toBe(404);
    });

    it("an open group's non-members read its posts but not the private scenarios attached to them", async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      const priv = await addScenario(t.app, owner.id, { privacy: 0 });
      const pub = await addScenario(t.app, owner.id, { privacy: 2 });
      await createGroupPost(owner, id, { title: 'Two cases', scenarios: [priv.id, pub.id] });
      const post = (await call(outsider, { method: 'GET', url: `${P}/GetGroupPosts/${id}` })).json().posts[0];
      expect(post.scenarios.map((s: { id: number }) => s.id)).toEqual([pub.id]);
      expect((await call(outsider, { method: 'GET', url: `/api/scenarios/${priv.uuid}` })).statusCode).toBe(404);
    });

    it('no post attaches a scenario that is still processing or could not be read', async () => {
      const id = await dbGroup(t.app, owner.id, 'open', 'allowAll');
      for (const opts of [{ processed: 0 }, { error: 'We could not read this scenario file.' }, { privacy: 2, error: 'We could not read this scenario file.' }]) {
        const s = await addScenario(t.app, owner.id, opts);
        const res = await createGroupPost(owner, id, { title: 'Broken', scenarios: [s.id] });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: 'Only processed scenarios can be attached to a post' });
      }
      const others = await addScenario(t.app, member.id, { privacy: 0 });
      expect((await createGroupPost(owner, id, { title: 'Not mine', scenarios: [others.id] })).json()).toEqual({ message: 'One of the attached scenarios could not be found' });
    });

    it('the attach picker offers a feed post only public, readable scenarios and a group post my private ones too', async () => {
      const u = await createUser(t.app);
      const pub = await addScenario(t.app, u.id, { privacy: 2, name: 'Pub' });
      const priv = await addScenario(t.app, u.id, { privacy: 0, name: 'Priv' });
      await addScenario(t.app, u.id, { privacy: 0, error: 'We could not read this scenario file.', name: 'Broken' });
      await addScenario(t.app, u.id, { privacy: 0, processed: 0, name: 'Processing' });
      const ids = async (url: string) => (await call(u, { method: 'GET', url })).json().scenarios.map((s: { id: number }) => s.id).sort();
      expect(await ids('/api/scenarios/myunpostedscenarios/0/10?scope=feed')).toEqual([pub.id]);
      expect(await ids('/api/scenarios/myunpostedscenarios/0/10?scope=group')).toEqual([pub.id, priv.id].sort());
      expect(await ids('/api/scenarios/myunpostedscenarios/0/10')).toEqual([pub.id, priv.id].sort());
      expect((await call(u, { method: 'GET', url: '/api/scenarios/myunpostedscenarios/0/10?scope=all' })).statusCode).toBe(422);
    });

    it('reports and deletes: a visible group post can be reported; another member\'s post is 403 to delete, an invisible one 404', async () => {
      const id = await dbGroup(t.app, owner.id, 'invite', 'allowAll');
      await addMember(t.app, id, member.id);
      const postId = await addPost(t.app, id, member.id, 1, 'Reportable');
      expect((await call(owner, { method: 'POST', url: `${P}/report/${postId}` })).json()).toEqual({ message: 'Post reported' });
      expect((await call(outsider, { method: 'POST', url: `${P}/report/${postId}` })).statusCode).toBe(404);
      expect((await call(owner, { method: 'DELETE', url: `${P}/DeletePost/${postId}` })).json()).toEqual({ message: 'You can only delete your own posts' });
      expect((await call(outsider, { method: 'DELETE', url: `${P}/DeletePost/${postId}` })).statusCode).toBe(404);
    });
  });

  describe('authorization table: every group route as non-member, member, moderator, creator and site admin', () => {
    type RoleName = 'nonMember' | 'member' | 'moderator' | 'creator' | 'admin';
    const ROLES: RoleName[] = ['nonMember', 'member', 'moderator', 'creator', 'admin'];
    interface Fx {
      groupId: number;
      requestId: number;
      inviteId: number;
      pendingPostId: number;
      approvedPostId: number;
    }
    type Row = { name: string; setup?: (f: Fx) => Promise<void>; req: (f: Fx) => InjectOptions; open: number[]; invite: number[] };

    const userOf = (r: RoleName) => ({ nonMember: outsider, member, moderator: mod, creator: owner, admin })[r];

    async function fixture(k: Kind): Promise<Fx> {
      const groupId = await dbGroup(t.app, owner.id, k, 'requireModeration');
      await addMember(t.app, groupId, mod.id, 1);
      await addMember(t.app, groupId, member.id);
      await addMember(t.app, groupId, target.id);
      const req = await t.app.db.insertInto('group_join_requests').values({ group_id: groupId, user_id: requester.id, message: '', created_at: now() }).returning('id').executeTakeFirstOrThrow();
      const inv = await t.app.db.insertInto('group_invites').values({ group_id: groupId, email: `${unique('x').replace(' ', '-')}@example.test`, user_id: null, invited_by: owner.id, created_at: now() }).returning('id').executeTakeFirstOrThrow();
      return { groupId, requestId: req.id, inviteId: inv.id, pendingPostId: await addPost(t.app, groupId, target.id, 0), approvedPostId: await addPost(t.app, groupId, target.id, 1) };
    }
    const inviteOutsiders = async (f: Fx) => {
      for (const u of [outsider, admin]) await t.app.db.insertInto('group_invites').values({ group_id: f.groupId, email: u.email, user_id: u.id, invited_by: owner.id, created_at: now() }).execute();
    };

    //                              nonMember member moderator creator admin
    const everyone = (s: number) => [s, s, s, s, s];
    const contentOk = (s: number) => ({ open: everyone(s), invite: [404, s, s, s, s] });
    const adminsOnly = (s: number) => ({ open: [403, 403, s, s, s], invite: [404, 403, s, s, s] });
    const ownerOnly = (s: number) => ({ open: [403, 403, 403, s, s], invite: [404, 403, 403, s, s] });

    const rows: Row[] = [
      { name: 'GET /forumgroup/{id}', req: (f) => ({ method: 'GET', url: `${G}/${f.groupId}` }), open: everyone(200), invite: everyone(200) },
      { name: 'GET GetGroupWithoutMembers', req: (f) => ({ method: 'GET', url: `${G}/GetGroupWithoutMembers/${f.groupId}` }), open: everyone(200), invite: everyone(200) },
      { name: 'GET forumpost/GetGroupPosts', req: (f) => ({ method: 'GET', url: `${P}/GetGroupPosts/${f.groupId}` }), ...contentOk(200) },
      { name: 'GET forumgroup/GetGroupPosts', req: (f) => ({ method: 'GET', url: `${G}/GetGroupPosts/${f.groupId}` }), ...contentOk(200) },
      { name: 'GET mypendingposts', req: (f) => ({ method: 'GET', url: `${P}/mypendingposts/${f.groupId}` }), ...contentOk(200) },
      { name: 'POST CreateGroupPost', req: (f) => ({ method: 'POST', url: `${P}/CreateGroupPost/${f.groupId}`, payload: { title: 'Table post' } }), open: [403, 201, 201, 201, 403], invite: [403, 201, 201, 201, 403] },
      { name: 'GET GroupJoinRequests', req: (f) => ({ method: 'GET', url: `${G}/GroupJoinRequests/${f.groupId}` }), ...adminsOnly(200) },
      { name: 'GET grouppostrequests', req: (f) => ({ method: 'GET', url: `${P}/grouppostrequests/${f.groupId}` }), ...adminsOnly(200) },
      { name: 'GET moderationlog', req: (f) => ({ method: 'GET', url: `${G}/moderationlog/${f.groupId}` }), ...adminsOnly(200) },
      { name: 'POST approvejoinrequest', req: (f) => ({ method: 'POST', url: `${G}/approvejoinrequest/${f.requestId}` }), ...adminsOnly(200) },
      { name: 'POST declinejoinrequest', req: (f) => ({ method: 'POST', url: `${G}/declinejoinrequest/${f.requestId}` }), ...adminsOnly(200) },
      { name: 'POST sendinvites', req: (f) => ({ method: 'POST', url: `${G}/sendinvites/${f.groupId}`, payload: { email: `${unique('t').replace(' ', '-')}@example.test` } }), ...adminsOnly(200) },
      { name: 'POST cancelinvite', req: (f) => ({ method: 'POST', url: `${G}/cancelinvite/${f.inviteId}` }), ...adminsOnly(200) },
      { name: 'PATCH updategroup', req: (f) => ({ method: 'PATCH', url: `${G}/updategroup/${f.groupId}`, payload: { name: 'Table rename' } }), ...adminsOnly(200) },
      { name: 'POST removemember', req: (f) => ({ method: 'POST', url: `${G}/removemember/${f.groupId}/${target.id}` }), ...adminsOnly(200) },
      { name: 'POST addmoderators', req: (f) => ({ method: 'POST', url: `${G}/addmoderators/${f.groupId}`, payload: [target.id] }), ...ownerOnly(200) },
      { name: 'POST removemoderator', req: (f) => ({ method: 'POST', url: `${G}/removemoderator/${f.groupId}/${mod.id}` }), ...ownerOnly(200) },
      { name: 'DELETE deletegroup', req: (f) => ({ method: 'DELETE', url: `${G}/deletegroup/${f.groupId}` }), ...ownerOnly(200) },
      // A pending post is visible to its author and the group admins only.
      { name: 'POST forumpost/approve', req: (f) => ({ method: 'POST', url: `${P}/approve/${f.pendingPostId}` }), open: [404, 404, 200, 200, 200], invite: [404, 404, 200, 200, 200] },
      { name: 'POST forumpost/decline', req: (f) => ({ method: 'POST', url: `${P}/decline/${f.pendingPostId}` }), open: [404, 404, 200, 200, 200], invite: [404, 404, 200, 200, 200] },
      { name: 'POST joinopengroup', req: (f) => ({ method: 'POST', url: `${G}/joinopengroup/${f.groupId}` }), open: [200, 409, 409, 409, 200], invite: [403, 409, 409, 409, 403] },
      { name: 'POST requestToJoinGroup', req: (f) => ({ method: 'POST', url: `${G}/requestToJoinGroup/${f.groupId}` }), open: [422, 409, 409, 409, 422], invite: [200, 409, 409, 409, 200] },
      { name: 'POST acceptinvite', setup: inviteOutsiders, req: (f) => ({ method: 'POST', url: `${G}/acceptinvite/${f.groupId}` }), open: [200, 404, 404, 404, 200], invite: [200, 404, 404, 404, 200] },
      { name: 'POST rejectinvite', setup: inviteOutsiders, req: (f) => ({ method: 'POST', url: `${G}/rejectinvite/${f.groupId}` }), open: [200, 404, 404, 404, 200], invite: [200, 404, 404, 404, 200] },
      { name: 'POST LeaveGroup', req: (f) => ({ method: 'POST', url: `${G}/LeaveGroup/${f.groupId}` }), open: [404, 200, 200, 403, 404], invite: [404, 200, 200, 403, 404] },
      { name: 'POST forumpost/report (group post)', req: (f) => ({ method: 'POST', url: `${P}/report/${f.approvedPostId}` }), ...contentOk(200) },
      { name: 'DELETE forumpost/DeletePost (another member\'s group post)', req: (f) => ({ method: 'DELETE', url: `${P}/DeletePost/${f.approvedPostId}` }), ...contentOk(403) },
    ];

    // Each cell has a group of its own, so a row's ten cells run side by side (PostgreSQL runs them
    // on several connections; on a busy machine one after another took longer than a test may).
    it('answers each role as the table says, in an open and an invite-only group', { timeout: 120_000 }, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const row of rows) {
        const cells = (['open', 'invite'] as const).flatMap((k) => ROLES.map((role, i) => ({ k, role, i })));
        const answers = await Promise.all(
          cells.map(async ({ k, role }) => {
            const f = await fixture(k);
            await row.setup?.(f);
            return call(userOf(role), row.req(f));
          }),
        );
        for (const [n, { k, role, i }] of cells.entries()) {
          const res = answers[n];
          got.push(`${row.name} [${k}] ${role}: ${res.statusCode}`);
          want.push(`${row.name} [${k}] ${role}: ${row[k][i]}`);
          if (res.statusCode >= 400) expect(typeof res.json().message, `${row.name} [${k}] ${role}`).toBe('string');
        }
      }
      expect(got).toEqual(want);
    });

    it('every route needs a session (401)', async () => {
      const f = await fixture('open');
      for (const row of rows) {
        const res = await t.app.inject(row.req(f));
        expect(res.statusCode, row.name).toBe(401);
      }
      for (const url of [`${G}/mygroups`, `${G}/mygroupswithstatus`]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: `${G}/creategroup`, payload: { name: 'x' } })).statusCode).toBe(401);
    });
  });
});

describe.each(dbKinds)('demo groups (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedUsers(t.app);
    await seedGroups(t.app);
  });
  afterAll(() => t.close());

  it('seeds an open group, an invite-only moderated group with a pending post and a join request, and an invite for the educator', async () => {
    const educator = { cookie: await login(t.app, 'educator', DEMO_PASSWORD) } as TestUser;
    const paramedic = { cookie: await login(t.app, 'paramedic', DEMO_PASSWORD) } as TestUser;
    const mine = (await as(t.app, educator, { method: 'GET', url: `${G}/mygroupswithstatus` })).json();
    expect(mine.map((g: { name: string; status: string; role: string | null }) => [g.name, g.status, g.role])).toEqual([
      ['Paramedic Sim Leads', 'Invited', null],
      ['Resuscitation Educators', 'Joined', 'Creator'],
    ]);
    const open = mine[1];
    expect((await as(t.app, educator, { method: 'GET', url: `${G}/${open.id}` })).json()).toMatchObject({ isInviteOnly: false, postingType: 'allowAll', memberCount: 3 });
    const closed = mine[0];
    const g = (await as(t.app, paramedic, { method: 'GET', url: `${G}/${closed.id}` })).json();
    expect(g).toMatchObject({ isInviteOnly: true, postingType: 'requireModeration', isOwner: true, joinRequestCount: 1, postRequestCount: 1 });
    expect(g.invites).toEqual([expect.objectContaining({ email: 'educator@community.example' })]);
    expect((await as(t.app, paramedic, { method: 'GET', url: `${P}/grouppostrequests/${closed.id}` })).json()).toEqual([expect.objectContaining({ title: 'Night-shift simulation pilot', status: 0 })]);
    expect((await as(t.app, paramedic, { method: 'GET', url: `${G}/GroupJoinRequests/${closed.id}` })).json()).toEqual([expect.objectContaining({ message: 'I run the Thursday sim sessions at the station.' })]);
    // The educator (not a member yet) sees its name and description only.
    expect((await as(t.app, educator, { method: 'GET', url: `${P}/GetGroupPosts/${closed.id}` })).statusCode).toBe(404);
  });
});
