// Every notification message key has a title and a description in every language, and the app's
// catalogue (what the bell and /notifications show) says the same as the server's (what push and
// the e-mail digest say).
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGE_KEYS } from '../../src/shared/notification-messages.js';
import { notificationText } from '../../src/server/lib/notifications.js';
import serverEn from '../../src/server/i18n/en.json' with { type: 'json' };
import serverDe from '../../src/server/i18n/de.json' with { type: 'json' };
import clientEn from '../../src/client/i18n/locales/en/notifications.json' with { type: 'json' };
import clientDe from '../../src/client/i18n/locales/de/notifications.json' with { type: 'json' };

const catalogues = [
  ['en', serverEn as Record<string, string>, clientEn.messages as Record<string, { title: string; description: string }>],
  ['de', serverDe as Record<string, string>, clientDe.messages as Record<string, { title: string; description: string }>],
] as const;

describe('notification messages', () => {
  it.each(catalogues)('has every key in %s, the same in the app and on the server', (_language, server, client) => {
    expect(Object.keys(client).sort()).toEqual([...NOTIFICATION_MESSAGE_KEYS].sort());
    for (const key of NOTIFICATION_MESSAGE_KEYS) {
      for (const part of ['title', 'description'] as const) {
        expect(server[`notification.${key}.${part}`], `${key}.${part}`).toBeTruthy();
        expect(client[key]![part], `${key}.${part}`).toBe(server[`notification.${key}.${part}`]);
      }
    }
  });

  it('writes the English texts as they have always read, and German ones in the Sie-form', () => {
    expect(notificationText({ key: 'reply_helpful', params: { actor: 'Sam Stone', title: 'Airway' } }, 'en')).toEqual({
      name: 'Your reply was found helpful',
      description: 'Sam Stone found your reply to "Airway" helpful',
    });
    expect(notificationText({ key: 'join_request_message', params: { actor: 'Sam Stone', group: 'Sim Leads', message: 'Hi' } }, 'en')).toEqual({
      name: 'Join request',
      description: 'Sam Stone asked to join Sim Leads: "Hi"',
    });
    expect(notificationText({ key: 'reply_helpful', params: { actor: 'Sam Stone', title: 'Airway' } }, 'de')).toEqual({
      name: 'Ihre Antwort wurde als hilfreich markiert',
      description: 'Sam Stone fand Ihre Antwort auf „Airway“ hilfreich',
    });
    // A value is put in once, as it is: braces in user text stay text.
    expect(notificationText({ key: 'post_reported', params: { title: 'About {{actor}}' } }, 'de').description).toBe('About {{actor}}');
  });
});
