// The notification calls of spec section 7.
import { cursorQuerySchema, idParams } from '../schemas/common.js';
import { notificationListSchema, notificationSchema } from '../schemas/notifications.js';
import { endpoint } from '../endpoint.js';

/** My notifications, newest first (at most 50), and the unread count; ?cursor= reads the 50 older ones. */
export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/Notification',
  query: cursorQuerySchema,
  response: notificationListSchema,
});

/** Mark one of my notifications read (another user's is 404). */
export const markNotificationRead = endpoint({
  method: 'GET',
  path: '/api/Notification/MarkAsRead/:id',
  params: idParams,
  response: notificationSchema,
});
