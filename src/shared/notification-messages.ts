// The texts a notification can carry, by message key. The server stores the key and its values with
// each notification; the app renders title and description from its notifications catalogue
// (messages.<key>.title/.description) in the reader's language, the server its push messages and
// e-mail digest from its own (notification.<key>.title/.description) in the recipient's. Both
// catalogues hold every key in every language (tests/server/notification-messages.test.ts).
export const NOTIFICATION_MESSAGE_KEYS = [
  'post_for_everyone',
  'post_reported_owner',
  'post_reported',
  'post_removed',
  'group_post_waiting',
  'group_post_approved',
  'group_post_declined',
  'new_reply',
  'mention',
  'post_helpful',
  'reply_helpful',
  'reply_removed',
  'reply_reported',
  'media_approved',
  'media_declined',
  'join_request',
  'join_request_message',
  'join_approved',
  'join_declined',
  'moderator',
  'group_invite',
  'group_invite_pending',
  'new_version',
  'review',
  'review_reported',
  'review_removed',
  'welcome',
] as const;
export type NotificationMessageKey = (typeof NOTIFICATION_MESSAGE_KEYS)[number];

/** The values a message is filled with ({{title}}, {{actor}}, ...): people's and things' names, user text. */
export type NotificationParams = Record<string, string | number>;

export interface NotificationMessage {
  key: NotificationMessageKey;
  params: NotificationParams;
}

export const isNotificationMessageKey = (key: unknown): key is NotificationMessageKey =>
  typeof key === 'string' && (NOTIFICATION_MESSAGE_KEYS as readonly string[]).includes(key);
