// Notification responses (spec section 3 'Notification', section 7 'Notifications').
import * as v from 'valibot';
import { NOTIFICATION_KINDS } from '../notification-kinds.js';

export const notificationSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  /** A client route to follow when clicked. */
  link: v.string(),
  has_read: v.boolean(),
  created_at: v.string(),
  /** What it is about (shared/notification-kinds.ts). */
  kind: v.picklist(NOTIFICATION_KINDS),
});
export type NotificationItem = v.InferOutput<typeof notificationSchema>;

export const notificationListSchema = v.object({
  notifications: v.array(notificationSchema),
  /** Unread notifications in all, not only in this list. */
  unread: v.number(),
  /** Pass as ?cursor= for the older ones (null when this list holds the oldest). */
  nextCursor: v.nullable(v.string()),
});
export type NotificationList = v.InferOutput<typeof notificationListSchema>;
