// The notification calls of spec section 7, and their delivery: per-kind settings, Web Push
// subscriptions, the e-mail digest's unsubscribe link and its admin run.
import { cursorQuerySchema, idParams } from '../schemas/common.js';
import {
  digestRunSchema,
  markAllReadSchema,
  notificationListSchema,
  notificationSchema,
  notificationSettingsSchema,
  pushEndpointQuerySchema,
  pushSubscriptionSavedSchema,
  pushSubscriptionSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
  updateNotificationSettingsSchema,
} from '../schemas/notifications.js';
import { endpoint } from '../endpoint.js';

/** My notifications, newest first (at most 50; unread ones of one kind and subject as one), and the unread count; ?cursor= reads the 50 older ones. */
export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/Notification',
  query: cursorQuerySchema,
  response: notificationListSchema,
});

/** Mark one of my notifications read, with the unread ones grouped with it (another user's is 404). */
export const markNotificationRead = endpoint({
  method: 'GET',
  path: '/api/Notification/MarkAsRead/:id',
  params: idParams,
  response: notificationSchema,
});

/** Mark all my notifications read. */
export const markAllNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/Notification/MarkAllAsRead',
  response: markAllReadSchema,
});

/** Where each kind of my notifications goes (in the app, push, e-mail digest), and how often the digest comes. */
export const getNotificationSettings = endpoint({
  method: 'GET',
  path: '/api/notification-settings',
  response: notificationSettingsSchema,
});

/** Change some kinds' settings and/or the digest frequency. */
export const updateNotificationSettings = endpoint({
  method: 'PUT',
  path: '/api/notification-settings',
  body: updateNotificationSettingsSchema,
  response: notificationSettingsSchema,
});

/** Save this browser's Web Push subscription for me (a subscription another account held moves to me). */
export const savePushSubscription = endpoint({
  method: 'POST',
  path: '/api/push-subscriptions',
  body: pushSubscriptionSchema,
  status: 201,
  response: pushSubscriptionSavedSchema,
});

/** Drop one of my push subscriptions by its endpoint (another user's is 404). */
export const deletePushSubscription = endpoint({
  method: 'DELETE',
  path: '/api/push-subscriptions',
  query: pushEndpointQuerySchema,
  response: pushSubscriptionSavedSchema,
});

/**
 * The e-mail digest's one-click unsubscribe (List-Unsubscribe-Post, RFC 8058): the signed token
 * names the user; no sign-in; it turns the digest off and nothing else.
 */
export const unsubscribeDigest = endpoint({
  method: 'POST',
  path: '/api/notifications/unsubscribe',
  query: unsubscribeQuerySchema,
  response: unsubscribedSchema,
});

/** Admin: send the e-mail digest now to everyone with new unread items of digest kinds (support, tests). */
export const runDigest = endpoint({
  method: 'POST',
  path: '/api/admin/notifications/digest',
  response: digestRunSchema,
});
