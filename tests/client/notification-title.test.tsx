// @vitest-environment happy-dom
// The title of a notification in the list: its own name, or for an unread group the people behind
// it ('Sam Stone and 3 others found your post helpful'), in English and German.
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import i18n from '../../src/client/i18n';
import { useNotificationText, useNotificationTitle } from '../../src/client/features/notifications/components/notification-title';
import type { NotificationItem } from '../../src/shared/schemas/notifications';

const item = (over: Partial<NotificationItem>): NotificationItem => ({
  id: 1,
  name: 'New reply',
  description: 'x',
  link: '/post/1',
  message_key: null,
  message_params: {},
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

  it('renders title and description from the message key in the reader’s language, else the stored text', async () => {
    const invite = item({ kind: 'group', name: 'Group invite', description: 'Kim Kerr invited you to join Airway Club', message_key: 'group_invite', message_params: { actor: 'Kim Kerr', group: 'Airway Club' } });
    const old = item({ kind: 'general', name: 'Old news', description: 'From before', message_key: null });
    const unknown = item({ kind: 'general', name: 'Stored title', description: 'Stored text', message_key: 'from_a_newer_server' });
    await act(() => i18n.changeLanguage('de'));
    const { result } = renderHook(() => useNotificationText());
    expect(result.current.title(invite)).toBe('Gruppeneinladung');
    expect(result.current.description(invite)).toBe('Kim Kerr hat Sie eingeladen, Airway Club beizutreten');
    expect([result.current.title(old), result.current.description(old)]).toEqual(['Old news', 'From before']);
    expect([result.current.title(unknown), result.current.description(unknown)]).toEqual(['Stored title', 'Stored text']);
    // A group's fallback title is the translated one too.
    const replies = item({ kind: 'reply', count: 3, actors: ['Sam Stone'], actor_count: 1, message_key: 'new_reply', message_params: { actor: 'Sam Stone', title: 'Airway' } });
    expect(result.current.title(replies)).toBe('Neue Antwort (3 neu)');
    await act(() => i18n.changeLanguage('en'));
    const { result: english } = renderHook(() => useNotificationText());
    expect(english.current.title(invite)).toBe('Group invite');
    expect(english.current.description(invite)).toBe('Kim Kerr invited you to join Airway Club');
    expect(english.current.title(replies)).toBe('New reply (3 new)');
  });
});
