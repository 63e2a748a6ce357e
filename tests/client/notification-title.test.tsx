// @vitest-environment happy-dom
// The title of a notification in the list: its own name, or for an unread group the people behind
// it ('Sam Stone and 3 others found your post helpful'), in English and German.
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import i18n from '../../src/client/i18n';
import { useNotificationTitle } from '../../src/client/features/notifications/components/notification-title';
import type { NotificationItem } from '../../src/shared/schemas/notifications';

const item = (over: Partial<NotificationItem>): NotificationItem => ({
  id: 1,
  name: 'New reply',
  description: 'x',
  link: '/post/1',
  has_read: false,
  created_at: new Date().toISOString(),
  kind: 'reply',
  count: 1,
  actors: [],
  actor_count: 0,
  ...over,
});

describe('notification titles', () => {
  it('names the people behind a group', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { result } = renderHook(() => useNotificationTitle());
    const title = result.current;
    expect(title(item({}))).toBe('New reply');
    expect(title(item({ kind: 'reaction', count: 4, actors: ['Sam Stone', 'Kim Kerr', 'Lee Lane'], actor_count: 4 }))).toBe('Sam Stone and 3 others found your post helpful');
    expect(title(item({ kind: 'reaction', count: 2, actors: ['Sam Stone', 'Kim Kerr'], actor_count: 2 }))).toBe('Sam Stone and Kim Kerr found your post helpful');
    expect(title(item({ kind: 'mention', count: 3, actors: ['Sam Stone', 'Kim Kerr', 'Lee Lane'], actor_count: 3 }))).toBe('Sam Stone and 2 others mentioned you');
    expect(title(item({ kind: 'reply', count: 3, actors: ['Sam Stone'], actor_count: 1 }))).toBe('New reply (3 new)');
  });

  it('speaks German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const { result } = renderHook(() => useNotificationTitle());
    expect(result.current(item({ kind: 'reaction', count: 2, actors: ['Sam Stone', 'Kim Kerr'], actor_count: 2 }))).toBe('Sam Stone und Kim Kerr fanden Ihren Beitrag hilfreich');
    expect(result.current(item({ kind: 'reply', count: 5, actors: ['Sam Stone', 'Kim Kerr'], actor_count: 4 }))).toBe('Sam Stone und 3 weitere Personen haben geantwortet');
    await act(() => i18n.changeLanguage('en'));
  });
});
