// A push handled by the service worker: it shows the notification, and a tap opens its page.
// Headless Chromium reaches no real push service, so the test hands the worker a push event itself
// (the same PushEvent a push service's message raises) and checks the notification it shows;
// delivery to a push service and its encryption are covered by the API test
// (tests/server/notification-delivery.test.ts). In the full browser: the headless shell the other
// specs run in has no notification service.
import { expect, test } from '@playwright/test';
import { signedIn } from './support/auth';
import { fullChromium } from './support/browser';

test.use({ serviceWorkers: 'allow', launchOptions: fullChromium });

test('a push shows a notification, and a tap opens its page', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await signedIn(page, 'paramedic');
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active && navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  // The push event a push service's message raises, with the payload the server sends.
  const shown = await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const payload = { title: 'New reply', body: 'Edna Educator replied to "Airway"', link: '/notifications', kind: 'reply' };
    const event = new PushEvent('push', { data: JSON.stringify(payload) });
    sw.dispatchEvent(event);
    // (Shown within a moment; a machine under load takes longer.)
    for (let i = 0; i < 150; i++) {
      const list = await sw.registration.getNotifications();
      if (list.length) return list.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
      await new Promise((r) => setTimeout(r, 100));
    }
    return [];
  });
  expect(shown).toEqual([{ title: 'New reply', body: 'Edna Educator replied to "Airway"', data: { link: '/notifications' } }]);

  // A tap: the open window goes to the notification's page.
  await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(/\/notifications$/);
  const left = await worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).length);
  expect(left).toBe(0);
});
