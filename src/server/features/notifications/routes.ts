// GET /api/Notification and GET /api/Notification/MarkAsRead/{id} (spec section 7), marking all
// read, the per-kind delivery settings, Web Push subscriptions, and the e-mail digest (its admin
// run and one-click unsubscribe). Notifications are created by other features through
// src/server/lib/notifications.ts, which queues the push job handled here.
import type { FastifyInstance } from 'fastify';
import {
  deletePushSubscription,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  runDigest,
  savePushSubscription,
  unsubscribeDigest,
  updateNotificationSettings,
} from '../../../shared/endpoints/notifications.js';
import { Role } from '../../../shared/enums.js';
import { isNotificationKind } from '../../../shared/notification-kinds.js';
import { route } from '../../lib/route.js';
import { unprocessable } from '../../lib/http-error.js';
import { PUSH_JOB } from '../../lib/notifications.js';
import { notificationsRepository } from './repository.js';
import { notificationsService } from './service.js';
import { settingsRepository, settingsService } from './settings.js';
import { pushService, subscriptionsRepository, vapidKeys } from './push.js';
import { DIGEST_RUN_JOB, DIGEST_USER_JOB, digestService } from './digest.js';

/** How often a server looks for users whose digest is due (each user's digest goes at most once per period). */
const DIGEST_CHECK_MS = 3600_000;

const intList = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : []);

export default async function notificationRoutes(app: FastifyInstance) {
  const settingsRepo = settingsRepository(app.db);
  const service = notificationsService(notificationsRepository(app.db), (userId) => settingsRepo.hiddenKinds(userId));
  const push = pushService(subscriptionsRepository(app.db), vapidKeys(app.config), { allowHttp: app.config.pushAllowHttp ?? false, log: app.log });
  const settings = settingsService(settingsRepo, push.publicKey);
  const digest = digestService(app.db, app.mailer, { secret: app.config.sessionSecret, publicUrl: app.config.publicUrl, enqueue: (type, payload) => app.jobs.enqueue(type, payload) });
  const tags = ['notifications'];

  app.jobs.register(PUSH_JOB, async (payload) => {
    const kind = isNotificationKind(payload.kind) ? payload.kind : 'general';
    const result = await push.send({ userIds: intList(payload.userIds), title: String(payload.title ?? ''), body: String(payload.body ?? ''), link: String(payload.link ?? '/'), kind });
    if (result.gone) app.log.info({ gone: result.gone }, 'dropped push subscriptions the push service no longer knows');
  });
  app.jobs.register(DIGEST_RUN_JOB, async () => {
    await digest.run(false);
  });
  app.jobs.register(DIGEST_USER_JOB, async (payload) => {
    if (Number.isInteger(payload.userId)) await digest.sendTo(payload.userId as number);
  });
  // Every server looks now and then; the per-user claim keeps a digest from going twice.
  if (app.config.runWorker) {
    const timer = setInterval(() => void app.jobs.enqueue(DIGEST_RUN_JOB, {}).catch((err: unknown) => app.log.warn({ err }, 'queueing the digest run failed')), DIGEST_CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  route(app, listNotifications, {
    auth: 'user',
    tags,
    summary:
      "The signed-in user's notifications, newest first (at most 50; unread ones of one kind and subject listed once, with count and actors), and the unread count; ?cursor= (the previous answer's nextCursor) reads the 50 older ones",
  }, async ({ user, query }) => service.list(user, query.cursor));

  route(app, markNotificationRead, {
    auth: 'user',
    tags,
    summary: "Mark one of your notifications read, with the unread ones grouped with it (another user's is 404)",
  }, async ({ user, params }) => service.markRead(user, params.id));

  route(app, markAllNotificationsRead, { auth: 'user', tags, summary: 'Mark all your notifications read' }, async ({ user }) => service.markAllRead(user));

  route(app, getNotificationSettings, {
    auth: 'user',
    tags,
    summary: 'Where each kind of your notifications goes (in the app, push, e-mail digest; all off: none is created), the digest frequency, and the VAPID public key to subscribe with',
  }, async ({ user }) => settings.read(user.id));

  route(app, updateNotificationSettings, {
    auth: 'user',
    tags,
    summary: 'Change the settings of some kinds and/or the digest frequency',
  }, async ({ user, body }) => settings.update(user.id, body));

  route(app, savePushSubscription, {
    auth: 'user',
    tags,
    summary: "Save this browser's Web Push subscription (PushSubscription.toJSON()) for you; an endpoint another account held moves to you",
  }, async ({ user, body }) => push.save(user.id, body));

  route(app, deletePushSubscription, {
    auth: 'user',
    tags,
    summary: "Drop your push subscription with this endpoint (another user's is 404)",
  }, async ({ user, query }) => push.remove(user.id, query.endpoint));

  route(app, runDigest, {
    auth: Role.Admin,
    tags,
    summary: 'Queue the e-mail digest now for everyone with the digest on (new unread items of digest kinds are sent; nothing new, no mail)',
  }, async () => ({ queued: await digest.run(true) }));

  // RFC 8058 one-click: mail clients POST 'List-Unsubscribe=One-Click' as a form; the token in the
  // address decides, the body is read and ignored. Scoped, so no other route takes form bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    route(scope, unsubscribeDigest, {
      auth: 'public',
      tags,
      summary: 'One-click unsubscribe from the e-mail digest (List-Unsubscribe-Post); the signed token names the user, no sign-in; only the digest goes off',
    }, async ({ query }) => {
      if ((await digest.unsubscribe(query.token)) === null) throw unprocessable('Invalid or expired link');
      return { digest_frequency: 'off' as const };
    });
  });
}
