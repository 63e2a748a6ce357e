// Notification responses (spec section 3 'Notification', section 7 'Notifications'), the per-kind
// delivery settings and Web Push subscriptions.
import * as v from 'valibot';
import { NOTIFICATION_KINDS } from '../notification-kinds.js';

export const notificationSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  /** A client route to follow when clicked. */
  link: v.string(),
  /**
   * What name and description say, as a message key (shared/notification-messages.ts) and the values
   * it is filled with: a client shows messages.<key>.title/.description of its notifications catalogue
   * in the reader's language. null on older notifications (then name and description are the text).
   */
  message_key: v.nullable(v.string()),
  message_params: v.record(v.string(), v.union([v.string(), v.number()])),
  has_read: v.boolean(),
  created_at: v.string(),
  /** What it is about (shared/notification-kinds.ts). */
  kind: v.picklist(NOTIFICATION_KINDS),
  /**
   * Unread notifications of one kind and subject are listed as one, the newest standing for the
   * group ('Sam and 3 others found your post helpful'); marking it read marks them all. 1 when alone.
   */
  count: v.number(),
  /** Display names of the people who caused the group, newest first (at most 3; empty when none). */
  actors: v.array(v.string()),
  /** How many different people caused the group (may exceed actors.length). */
  actor_count: v.number(),
});
export type NotificationItem = v.InferOutput<typeof notificationSchema>;

export const notificationListSchema = v.object({
  notifications: v.array(notificationSchema),
  /** Unread items in all (a group counts once), not only in this list. */
  unread: v.number(),
  /** Pass as ?cursor= for the older ones (null when this list holds the oldest). */
  nextCursor: v.nullable(v.string()),
});
export type NotificationList = v.InferOutput<typeof notificationListSchema>;

export const markAllReadSchema = v.object({
  /** How many notifications were unread and are read now. */
  marked: v.number(),
});

/** How often the e-mail digest is sent; 'off' sends none. */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** Where notifications of one kind go; every channel off means none is created. */
export const kindSettingSchema = v.strictObject({
  kind: v.picklist(NOTIFICATION_KINDS, 'Unknown notification kind'),
  in_app: v.boolean('in_app must be true or false'),
  push: v.boolean('push must be true or false'),
  digest: v.boolean('digest must be true or false'),
});
export type KindSetting = v.InferOutput<typeof kindSettingSchema>;

export const notificationSettingsSchema = v.object({
  /** Every kind, in the order of shared/notification-kinds.ts. */
  kinds: v.array(kindSettingSchema),
  digest_frequency: v.picklist(DIGEST_FREQUENCIES),
  /** The server's VAPID public key (base64url): the applicationServerKey to subscribe with. */
  push_public_key: v.string(),
});
export type NotificationSettings = v.InferOutput<typeof notificationSettingsSchema>;

export const updateNotificationSettingsSchema = v.object({
  /** The kinds to change (others keep their setting). */
  kinds: v.optional(v.pipe(v.array(kindSettingSchema), v.maxLength(NOTIFICATION_KINDS.length * 2, 'Too many kinds'))),
  digest_frequency: v.optional(v.picklist(DIGEST_FREQUENCIES, "Digest frequency must be 'off', 'daily' or 'weekly'")),
});

const base64url = (what: string, max: number) =>
  v.pipe(v.string(`${what} is required`), v.regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url`), v.minLength(8, `${what} is too short`), v.maxLength(max, `${what} is too long`));

/** A PushSubscription as the browser gives it (subscription.toJSON()). */
export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string('Endpoint is required'),
    v.maxLength(2000, 'Endpoint is too long'),
    v.check((s) => /^https?:\/\/[^\s/]+\/\S*$/.test(s), 'Endpoint must be an http(s) address'),
  ),
  /** Browsers add it (null when the subscription does not expire). */
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({ p256dh: base64url('p256dh', 200), auth: base64url('auth', 100) }, 'Keys are required'),
});

export const pushSubscriptionSavedSchema = v.object({ id: v.number(), endpoint: v.string() });

export const pushEndpointQuerySchema = v.object({
  endpoint: v.pipe(v.string('Endpoint is required'), v.maxLength(2000, 'Endpoint is too long')),
});

export const unsubscribeQuerySchema = v.object({
  token: v.pipe(v.string('Token is required'), v.regex(/^\d{1,10}\.[A-Za-z0-9_-]{20,100}$/, 'Invalid or expired link')),
});

export const unsubscribedSchema = v.object({ digest_frequency: v.picklist(DIGEST_FREQUENCIES) });

export const digestRunSchema = v.object({
  /** Users whose digest was queued (each gets a mail when something new and unread is waiting). */
  queued: v.number(),
});

/** What a push message carries to the service worker (JSON in the encrypted payload). */
export interface PushPayload {
  title: string;
  body: string;
  /** A client route to open on tap. */
  link: string;
  kind: string;
}
