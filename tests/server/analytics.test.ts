// Admin analytics (spec section 7) on both databases: twelve months of active and new
// users, active and new groups and new posts, counted from seeded activity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/shared/enums.js';
import { uuid } from '../../src/server/lib/crypto.js';
import { lastMonths } from '../../src/server/features/analytics/service.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

/** An instant in the month `back` months before this one (0 = this month), on its 10th at noon UTC. */
function monthsAgo(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12)).toISOString();
}

/** Twelve zeros with counts at `back` months ago (index 11 is this month). */
function series(counts: Record<number, number>): number[] {
  const out = new Array(12).fill(0);
  for (const [back, n] of Object.entries(counts)) out[11 - Number(back)] = n;
  return out;
}

describe.each(dbKinds)('analytics (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let emma: TestUser;

  async function userCreated(at: string, name: string) {
    const row = await t.app.db
      .insertInto('users')
      .values({
        uuid_id: uuid(), first_name: name, last_name: 'Seeded', username: name, email: `${name}@example.test`, password_hash: 'x',
        mobile_phone: null, role: 1, enabled: 1, email_verified: 1, can_provision: 0, is_pre_release: 0, organisation_id: null,
        distributor_id: 1, last_login: null, created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const session = (userId: number, at: string) =>
    t.app.db.insertInto('sessions').values({ token_hash: uuid(), user_id: userId, created_at: at, expires_at: at }).execute();
  const post = (userId: number, at: string, groupId: number | null = null, deleted = false) =>
    t.app.db
      .insertInto('posts')
      .values({ title: 'p', text: '', creator_id: userId, group_id: groupId, status: 1, type: 'post', created_at: at, deleted_at: deleted ? at : null })
      .execute();
  const group = async (userId: number, at: string) =>
    (
      await t.app.db
        .insertInto('forum_groups')
        .values({ name: 'g', description: '', membership_type: 0, posting_type: 'allowAll', creator_id: userId, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    // Both sign in now: two new and two active users this month.
    admin = await createUser(t.app, { role: Role.User | Role.Admin });
    emma = await createUser(t.app);

    // Users created 1, 1, 3 and 13 (out of range) months ago.
    const a = await userCreated(monthsAgo(1), 'ann');
    const b = await userCreated(monthsAgo(1), 'ben');
    const c = await userCreated(monthsAgo(3), 'cat');
    const d = await userCreated(monthsAgo(13), 'dan');
    // Activity: a signs in twice last month (counted once) and posts this month; b posts 3 months ago;
    // c signs in 3 months ago; d signs in 12 months ago (out of range).
    await session(a, monthsAgo(1));
    await session(a, monthsAgo(1));
    await post(a, monthsAgo(0));
    await post(b, monthsAgo(3));
    await session(c, monthsAgo(3));
    await session(d, monthsAgo(12));

    // Groups created 2 months ago (two) and this month; posts in groups: g1 twice this month, g2 last
    // month, g3 this month but deleted (not counted anywhere).
    const g1 = await group(a, monthsAgo(2));
    const g2 = await group(a, monthsAgo(2));
    const g3 = await group(b, monthsAgo(0));
    await post(a, monthsAgo(0), g1);
    await post(b, monthsAgo(0), g1);
    await post(a, monthsAgo(1), g2);
    await post(b, monthsAgo(0), g3, true);
  });
  afterAll(() => t.close());

  it('labels the last twelve months, oldest first', () => {
    const m = lastMonths(new Date(Date.UTC(2026, 1, 15)));
    expect(m.labels[0]).toBe('Mar 2025');
    expect(m.labels[11]).toBe('Feb 2026');
    expect(m.keys[0]).toBe('2025-03');
    expect(m.fromIso).toBe('2025-03-01T00:00:00.000Z');
  });

  it('counts active and new users per month', async () => {
    const res = await as(t.app, admin, { method: 'GET', url: '/api/users/GetAnalytics' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.monthLabels).toEqual(lastMonths().labels);
    // This month: admin and emma signed in, a and b posted. Last month: a. Three months ago: b (post), c (session).
    expect(body.activeUsers).toEqual(series({ 0: 4, 1: 1, 3: 2 }));
    expect(body.newUsers).toEqual(series({ 0: 2, 1: 2, 3: 1 }));
  });

  it('counts active and new groups per month', async () => {
    const body = (await as(t.app, admin, { method: 'GET', url: '/api/ForumGroup/GetAnalytics' })).json();
    expect(body.monthLabels).toHaveLength(12);
    expect(body.activeGroups).toEqual(series({ 0: 1, 1: 1 }));
    expect(body.newGroups).toEqual(series({ 0: 1, 2: 2 }));
  });

  it('counts new live posts per month, feed and groups', async () => {
    const body = (await as(t.app, admin, { method: 'GET', url: '/api/ForumPost/GetAnalytics' })).json();
    expect(body.newPosts).toEqual(series({ 0: 3, 1: 1, 3: 1 }));
  });

  it('is for admins only', async () => {
    for (const url of ['/api/users/GetAnalytics', '/api/ForumGroup/GetAnalytics', '/api/ForumPost/GetAnalytics']) {
      const res = await as(t.app, emma, { method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do that' });
    }
  });
});
