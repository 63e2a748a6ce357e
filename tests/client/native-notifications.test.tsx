// @vitest-environment happy-dom
// Notifications in the native wrapper (docs/native-bridge.md 'Notifications'): those present at
// start count as seen; each new unread one goes once to the 'notification' handler; the app's
// 'openNotification' event opens its link.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useNativeNotifications } from '../../src/client/features/notifications/lib/native-notifications';
import type { NotificationItem } from '../../src/shared/schemas/notifications';

type Posted = { name: string; payload: unknown };
let posted: Posted[];

const note = (id: number, has_read = false): NotificationItem => ({
  id,
  name: `Note ${id}`,
  description: `About ${id}`,
  link: `/post/${id}`,
  message_key: null,
  message_params: {},
  has_read,
  created_at: '2026-11-26T09:00:00.000Z',
  kind: 'reply',
  count: 1,
  actors: [],
  actor_count: 0,
});

describe('notifications handed to the native wrapper', () => {
  beforeEach(() => {
    posted = [];
    (window as unknown as { webkit?: unknown }).webkit = { messageHandlers: { notification: { postMessage: (payload: unknown) => posted.push({ name: 'notification', payload }) } } };
  });
  afterEach(() => {
    delete (window as unknown as { webkit?: unknown }).webkit;
  });

  it('sends each new unread notification once, not those there at start', () => {
    const title = (n: NotificationItem) => n.name.toUpperCase();
    const open = vi.fn();
    const { rerender } = renderHook(({ items }) => useNativeNotifications(items, title, open), { initialProps: { items: undefined as NotificationItem[] | undefined } });
    rerender({ items: [note(1)] });
    expect(posted).toEqual([]);
    rerender({ items: [note(3), note(2, true), note(1)] });
    rerender({ items: [note(3), note(2, true), note(1)] });
    expect(posted).toEqual([{ name: 'notification', payload: { id: 3, title: 'NOTE 3', body: 'About 3', link: '/post/3', kind: 'reply', created_at: '2026-11-26T09:00:00.000Z' } }]);
  });

  it("opens the link of the app's openNotification event (paths of the app only)", () => {
    const open = vi.fn();
    renderHook(() => useNativeNotifications([], (n) => n.name, open));
    const receive = (window as unknown as { communityNative: { receive(m: unknown): void } }).communityNative.receive;
    receive({ type: 'event', name: 'openNotification', data: { link: '/post/9' } });
    receive({ type: 'event', name: 'openNotification', data: { link: 'https://evil.example/' } });
    expect(open.mock.calls).toEqual([['/post/9']]);
  });
});
