// Demo forum groups: an open group anyone can join, and an invite-only group that
// requires moderation, with a post waiting for approval, a join request and a pending invite for
// the educator, so every group screen has something to show.
import type { FastifyInstance } from 'fastify';
import { notifyUser } from '../../lib/notifications.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

export async function seedGroups(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const users = await db.selectFrom('users').select(['id', 'username', 'email']).execute();
  const user = (name: string) => users.find((u) => u.username === name);
  const educator = user('educator');
  const paramedic = user('paramedic');
  const tester = user('tester');
  const provisioner = user('provisioner');
  if (!educator || !paramedic || !tester || !provisioner) return;

  const group = async (values: { name: string; description: string; membership_type: number; posting_type: 'allowAll' | 'requireModeration'; creator_id: number }, at: number) =>
    (await db.insertInto('forum_groups').values({ ...values, created_at: hoursAgo(at), updated_at: hoursAgo(at) }).returning('id').executeTakeFirstOrThrow()).id;
  const member = (group_id: number, user_id: number, member_type: number, at: number) =>
    db.insertInto('group_members').values({ group_id, user_id, member_type, joined_at: hoursAgo(at) }).execute();
  const post = async (group_id: number, creator_id: number, title: string, text: string, status: number, at: number) =>
    (await db.insertInto('posts').values({ title, text, creator_id, group_id, status, type: 'post', created_at: hoursAgo(at), deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id;

  // An open group: joined directly, posts appear at once.
  const open = await group(
    { name: 'Resuscitation Educators', description: 'Educators running ALS and BLS courses: share scenarios, debrief tips and course logistics.', membership_type: 0, posting_type: 'allowAll', creator_id: educator.id },
    24 * 14,
  );
  await member(open, educator.id, 2, 24 * 14);
  await member(open, paramedic.id, 1, 24 * 12);
  await member(open, tester.id, 0, 24 * 6);
  await post(open, educator.id, 'ALS course dates for next term', 'Three course days are booked; reply here if you can faculty one of them.', 1, 24 * 4);
  await post(open, paramedic.id, 'Running a megacode with two monitors', 'We split the team between the defibrillator and the patient monitor. Worked well.', 1, 30);

  // An invite-only group that holds members' posts for approval.
  const closed = await group(
    { name: 'Paramedic Sim Leads', description: 'Invite-only: leads of ambulance simulation programmes. Posts are checked by the moderators.', membership_type: 1, posting_type: 'requireModeration', creator_id: paramedic.id },
    24 * 10,
  );
  await member(closed, paramedic.id, 2, 24 * 10);
  await member(closed, provisioner.id, 0, 24 * 8);
  await post(closed, paramedic.id, 'Welcome, sim leads', 'Use this group for programme planning. New posts are approved by the moderators.', 1, 24 * 9);
  await post(closed, provisioner.id, 'Night-shift simulation pilot', 'Has anyone run in-situ simulations on night shift? Looking for lessons learnt.', 0, 3);
  await db.insertInto('group_join_requests').values({ group_id: closed, user_id: tester.id, message: 'I run the Thursday sim sessions at the station.', created_at: hoursAgo(2) }).execute();
  await db.insertInto('group_invites').values({ group_id: closed, email: educator.email.toLowerCase(), user_id: educator.id, invited_by: paramedic.id, created_at: hoursAgo(1) }).execute();

  await notifyUser(db, paramedic.id, { message: { key: 'group_post_waiting', params: { actor: 'Priya Provisioner', title: 'Night-shift simulation pilot', group: 'Paramedic Sim Leads' } }, link: `/forum/edit/${closed}?tab=post-requests` });
  await notifyUser(db, paramedic.id, { message: { key: 'join_request', params: { actor: 'Theo Tester', group: 'Paramedic Sim Leads' } }, link: `/forum/edit/${closed}?tab=join-requests` });
  await notifyUser(db, educator.id, { message: { key: 'group_invite', params: { actor: 'Paul Paramedic', group: 'Paramedic Sim Leads' } }, link: '/me/forum/groups' });
}
