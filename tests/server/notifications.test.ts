import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser } from '../../src/server/lib/notifications.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

describe.each(dbKinds)('notifications (%s)', (kind) => {
  let t: TestApp;
  let emma: TestUser;
  let paul: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    emma = await createUser(t.app);
    paul = await createUser(t.app);
  });
  afterAll(() => t.close());

  it('starts empty', async () => {
    const res = await as(t.app, emma, { method: 'GET', url: '/api/Notification' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: [], unread: 0, nextCursor: null });
  });

  it('lists own notifications newest first with the unread count, and marks one read', async () => {
    await notifyUser(t.app.db, emma.id, { message: { key: 'media_approved', params: { name: 'ECG' } }, link: '/media/abc' });
    await new Promise((r) => setTimeout(r, 5));
    await notifyUser(t.app.db, emma.id, { message: { key: 'post_removed', params: { title: 'Night shift' } }, link: '/feed' });
    await notifyUser(t.app.db, paul.id, { message: { key: 'welcome', params: {} }, link: '/feed' });

    const list = (await as(t.app, emma, { method: 'GET', url: '/api/Notification' })).json();
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n: { name: string }) => n.name)).toEqual(['Your post was removed', 'Media approved']);
    expect(list.notifications[1]).toMatchObject({ description: 'Your media "ECG" has been approved.', link: '/media/abc', has_read: false, message_key: 'media_approved', message_params: { name: 'ECG' } });

    const id = list.notifications[1].id;
    const read = await as(t.app, emma, { method: 'GET', url: `/api/Notification/MarkAsRead/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, has_read: true, link: '/media/abc' });
    const after = (await as(t.app, emma, { method: 'GET', url: '/api/Notification' })).json();
    expect(after.unread).toBe(1);
    expect(after.notifications.find((n: { id: number }) => n.id === id).has_read).toBe(true);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const pauls = (await as(t.app, paul, { method: 'GET', url: '/api/Notification' })).json();
    const id = pauls.notifications[0].id;
    const res = await as(t.app, emma, { method: 'GET', url: `/api/Notification/MarkAsRead/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Notification not found' });
    expect((await as(t.app, paul, { method: 'GET', url: '/api/Notification' })).json().unread).toBe(1);
    expect((await as(t.app, emma, { method: 'GET', url: '/api/Notification/MarkAsRead/nope' })).statusCode).toBe(404);
  });
});
