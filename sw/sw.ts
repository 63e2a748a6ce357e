// The service worker (DESIGN section 6, issue 6), built by vite-plugin-pwa (injectManifest):
// - precaches the shell (index.html, JS, CSS, icons) and cleans caches of older builds;
// - answers navigations with index.html, except /api and /uploads (server routes);
// - caches device/patient thumbnails and signed thumbnail URLs at runtime;
// - serves favourite files kept in IndexedDB (Dexie) at /offline-files/<kind>/<id>, with ranges;
// - waits for the page's 'Reload' (SKIP_WAITING) before taking over (registerType 'prompt');
// - Background Sync, where the browser has it, only nudges the outbox (iPad Safari has none).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import { db, favouriteKey, CHUNK_BYTES, type OfflineKind } from '../src/client/offline/db';
import { replayDue } from '../src/client/offline/outbox-core';
import { getFile } from '../src/shared/endpoints/files';
import type { PushPayload } from '../src/shared/schemas/notifications';

const sw = self as unknown as ServiceWorkerGlobalScope;
declare global {
  // Replaced at build time by the precache list (workbox injectManifest looks for the literal).
  var __WB_MANIFEST: (PrecacheEntry | string)[];
}

/** Runtime caches of this worker; any other cache (not Workbox's precache) is from an older build. */
const THUMBS_CACHE = 'thumbnails-v1';
const SIGNED_THUMBS_CACHE = 'signed-thumbnails-v1';
const RUNTIME_CACHES = [THUMBS_CACHE, SIGNED_THUMBS_CACHE];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => !n.startsWith('workbox-precache') && !RUNTIME_CACHES.includes(n)).map((n) => caches.delete(n)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void sw.skipWaiting();
});

// Client routes open offline; server routes must reach the server (or fail honestly).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/uploads(\/|$)/, /^\/offline-files\//],
  }),
);

// Device and patient pictures are static files that never change.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && url.pathname.startsWith('/thumbnails/'),
  new CacheFirst({ cacheName: THUMBS_CACHE }),
);

const FILES_PREFIX = getFile.path.replace(/\*$/, '');
// Signed thumbnails (/api/files/<key>?exp&disp=inline&name&sig): the signature changes on every
// listing, the picture does not, so the cache key drops exp and sig.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && url.pathname.startsWith(FILES_PREFIX) && url.searchParams.get('disp') === 'inline',
  new CacheFirst({
    cacheName: SIGNED_THUMBS_CACHE,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          url.searchParams.delete('exp');
          url.searchParams.delete('sig');
          return url.href;
        },
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      },
    ],
  }),
);

// Favourite files kept offline: /offline-files/<kind>/<id>[/<name>] streamed from Dexie chunks.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && url.pathname.startsWith('/offline-files/'),
  async ({ url, request }) => serveOfflineFile(url, request),
);

async function serveOfflineFile(url: URL, request: Request): Promise<Response> {
  const [, , kind, id] = url.pathname.split('/');
  const rec = await db.favourites.get(favouriteKey(kind as OfflineKind, decodeURIComponent(id ?? '')));
  if (!rec || rec.status !== 'stored') return new Response('Not available offline', { status: 404 });
  const size = rec.size;
  let start = 0;
  let end = size - 1;
  let status = 200;
  const range = request.headers.get('range');
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (m && size > 0) {
    if (m[1] === '') {
      start = Math.max(0, size - Number(m[2]));
    } else {
      start = Number(m[1]);
      if (m[2] !== '') end = Math.min(size - 1, Number(m[2]));
    }
    if (start > end || start >= size) {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    }
    status = 206;
  }
  const first = Math.floor(start / CHUNK_BYTES);
  const last = size === 0 ? -1 : Math.floor(end / CHUNK_BYTES);
  let index = first;
  // One chunk at a time: a 512 MB file never sits in memory.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index > last) {
        controller.close();
        return;
      }
      const chunk = await db.fileChunks.get([rec.key, index]);
      if (!chunk) {
        controller.error(new Error('Missing part of the offline file'));
        return;
      }
      const base = index * CHUNK_BYTES;
      const from = Math.max(0, start - base);
      const to = Math.min(chunk.data.size, end - base + 1);
      controller.enqueue(new Uint8Array(await chunk.data.slice(from, to).arrayBuffer()));
      index++;
    },
  });
  const disposition = url.searchParams.get('disp') === 'inline' ? 'inline' : 'attachment';
  const headers = new Headers({
    'Content-Type': rec.mimeType || 'application/octet-stream',
    'Content-Length': String(size === 0 ? 0 : end - start + 1),
    'Accept-Ranges': 'bytes',
    'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(rec.fileName)}`,
    'X-Content-Type-Options': 'nosniff',
  });
  if (status === 206) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  return new Response(body, { status, headers });
}

// Background Sync (Chromium only): an open page runs the one replay loop; with no page open the
// worker sends the queued writes itself with the same state machine and Idempotency-Keys.
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
sw.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag !== 'outbox-replay') return;
  e.waitUntil(
    (async () => {
      const pages = await sw.clients.matchAll({ type: 'window' });
      if (pages.length) {
        pages.forEach((c) => c.postMessage({ type: 'outbox-replay' }));
        return;
      }
      const result = await replayDue(true);
      // Throwing makes the browser retry the sync later.
      if (result.offline || result.retry) throw new Error('Outbox not yet sent');
    })(),
  );
});

// Web Push (docs/native-bridge.md 'Notifications'): every push shows a notification (iPadOS
// revokes a subscription whose pushes show nothing); a tap focuses an open window of the app on
// the notification's page, or opens one.
sw.addEventListener('push', (event) => {
  let payload: Partial<PushPayload> = {};
  try {
    payload = (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  const link = typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : '/notifications';
  event.waitUntil(
    sw.registration.showNotification(payload.title || 'REALITi Community', {
      body: payload.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: `${payload.kind ?? 'general'}:${link}`,
      data: { link },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link ?? '/notifications';
  const target = new URL(link, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((c) => new URL(c.url).origin === sw.location.origin) as WindowClient | undefined;
      if (open) {
        // navigate() works only on a window this worker controls; else a new window opens.
        const moved = await open.navigate(target).catch(() => null);
        if (moved) {
          await moved.focus();
          return;
        }
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
