// What a notification is about. The kind decides how it is delivered (in the app, by push, in the
// e-mail digest: a per-user setting for each kind) and how unread ones are grouped
// ('Sam and 3 others found your post helpful': same kind and subject).
export const NOTIFICATION_KINDS = [
  /** Anything without a kind of its own: welcome, posts to everyone, admin notices. */
  'general',
  /** A reply to my post, or in a thread I replied in. */
  'reply',
  /** Someone wrote @me in a post or reply. */
  'mention',
  /** Someone found my post or reply helpful. */
  'reaction',
  /** Group invites, join requests and their answers. */
  'group',
  /** Reports, posts and media waiting for review, and review outcomes. */
  'moderation',
  /** A new version of a scenario I favourited or copied. */
  'new_version',
  /** A rating or review of my scenario. */
  'review',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** Where a kind goes until the user chooses: in the app and by push; the e-mail digest is opt-in. */
export const DEFAULT_KIND_SETTING: Readonly<{ in_app: boolean; push: boolean; digest: boolean }> = Object.freeze({ in_app: true, push: true, digest: false });

/** How often the e-mail digest comes until the user chooses (only kinds set to the digest are in it). */
export const DEFAULT_DIGEST_FREQUENCY = 'daily' as const;
