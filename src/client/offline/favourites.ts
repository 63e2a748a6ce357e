// Favourite scenarios and media kept for offline use(DESIGN section 6): metadata and the
// file go into Dexie when an item is favourited and leave when it is unfavourited. Files are
// streamed from the signed download URL into 1 MiB Blob chunks (never one big ArrayBuffer); the
// service worker serves them back at /offline-files/<kind>/<id> with HTTP ranges.
import { useEffect, useState } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { ApiError, call } from '../lib/api';
import { pathOf } from '../../shared/endpoint';
import { downloadScenario, getMyFavouriteScenarios, toggleFavouriteScenario } from '../../shared/endpoints/scenarios';
import { downloadMedia, getMyFavouriteMedia, toggleFavouriteMedia } from '../../shared/endpoints/media';
import { isNativeApp, sendFileToNative } from '../lib/native-bridge';
import { CHUNK_BYTES, db, favouriteKey, type DeviceSettings, type FavouriteRecord, type OfflineKind } from './db';
import { liveQuery } from 'dexie';
import { useLiveQuery } from './live';
import { onOutboxSent, sendOrQueue } from './outbox';
import { checkReachability } from './online';

export type { OfflineKind, FavouriteRecord } from './db';

/** What keepOffline needs of a scenario or media item (both API shapes fit). */
export interface OfflineItem {
  uuid_id: string;
  name: string;
  file_name?: string | null;
  file_size?: number | null;
  mime_type?: string | null;
  [key: string]: unknown;
}

export type KeepResult = { ok: true } | { ok: false; message: string; network?: boolean };

/** The network failed (no answer, a dropped connection), as opposed to the server refusing. */
const isNetworkError = (err: unknown) => (err instanceof ApiError && err.status === 0) || err instanceof TypeError;

/** A signed download link to the item's file. */
const downloadLink = (kind: OfflineKind, id: string, signal: AbortSignal) =>
  kind === 'scenario' ? call(downloadScenario, { params: { id } }, { signal }) : call(downloadMedia, { params: { id } }, { signal });
const TOGGLE_URL: Record<OfflineKind, (id: string) => string> = {
  scenario: (id) => pathOf(toggleFavouriteScenario, { id }),
  media: (id) => pathOf(toggleFavouriteMedia, { id }),
};

/** Leave this much room besides the file (the cache and the outbox need space too). */
const HEADROOM_BYTES = 20 * 1024 * 1024;

// ---- notices shown to the user ('could not be kept offline') -----------------------------------

type NoticeListener = (message: string) => void;
const noticeListeners = new Set<NoticeListener>();
export function onOfflineNotice(listener: NoticeListener): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}
function notify(message: string) {
  noticeListeners.forEach((l) => l(message));
}

// ---- storage ---------------------------------------------------------------------------------------

/** Whether favourites are copied to this device (off after the user freed the offline storage). */
export function keepsFavourites(): Promise<boolean> {
  // A Dexie promise, so a liveQuery may use it (offline/storage-info.ts).
  return db.device.get('settings').then((row) => (row as DeviceSettings | undefined)?.keepFavourites ?? true);
}

/** 'Free offline storage' (profile page): drop every kept favourite and stop keeping them here. */
export async function freeOfflineStorage(): Promise<void> {
  await db.device.put({ key: 'settings', keepFavourites: false });
  await clearOffline();
}

/** 'Keep favourites offline' again: they are fetched on the next sync. */
export async function resumeKeepingFavourites(): Promise<void> {
  await db.device.put({ key: 'settings', keepFavourites: true });
  void syncOfflineFavourites();
}

let persistAsked = false;
/** Ask once that the browser does not evict our data under storage pressure. */
async function askPersist() {
  if (persistAsked) return;
  persistAsked = true;
  try {
    if (navigator.storage?.persisted && !(await navigator.storage.persisted())) await navigator.storage.persist?.();
  } catch {
    // Not available (private mode, old browser): best effort.
  }
}

/** True when `bytes` (plus headroom) fit in what the browser allows us. Unknown -> assume yes. */
export async function hasRoomFor(bytes: number): Promise<boolean> {
  try {
    const est = await navigator.storage?.estimate?.();
    if (!est || est.quota === undefined || est.usage === undefined) return true;
    return est.quota - est.usage >= bytes + HEADROOM_BYTES;
  } catch {
    return true;
  }
}

const inFlight = new Map<string, AbortController>();

async function deleteChunks(key: string) {
  await db.fileChunks.where('fileKey').equals(key).delete();
}

/** Stream a response body into CHUNK_BYTES Blob chunks in Dexie; returns the byte count. */
async function storeBody(key: string, body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<number> {
  const reader = body.getReader();
  let pending: BlobPart[] = [];
  let pendingBytes = 0;
  let index = 0;
  let total = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const blob = new Blob(pending);
      const data = blob.slice(0, CHUNK_BYTES);
      const rest = blob.slice(CHUNK_BYTES);
      await db.fileChunks.put({ fileKey: key, index, data });
      index++;
      pending = rest.size ? [rest] : [];
      pendingBytes = rest.size;
    }
  };
  for (;;) {
    if (signal.aborted) {
      await reader.cancel().catch(() => undefined);
      throw new DOMException('Aborted', 'AbortError');
    }
    const { done, value } = await reader.read();
    if (done) break;
    pending.push(value as Uint8Array<ArrayBuffer>);
    pendingBytes += value.byteLength;
    total += value.byteLength;
    if (pendingBytes >= CHUNK_BYTES) await flush(false);
  }
  await flush(true);
  return total;
}

/** The row of an item whose file is on its way to the device. */
function storingRecord(kind: OfflineKind, item: OfflineItem): FavouriteRecord {
  return {
    key: favouriteKey(kind, item.uuid_id),
    kind,
    id: item.uuid_id,
    name: item.name,
    fileName: item.file_name ?? item.name,
    mimeType: item.mime_type ?? 'application/octet-stream',
    size: item.file_size ?? 0,
    status: 'storing',
    chunkCount: 0,
    storedAt: Date.now(),
    item,
  };
}

/**
 * Keep a favourite's metadata and file for offline use. Never throws: returns what happened and
 * tells the user (onOfflineNotice) when the item could not be kept.
 */
export async function keepOffline(kind: OfflineKind, item: OfflineItem, opts: { quiet?: boolean } = {}): Promise<KeepResult> {
  const key = favouriteKey(kind, item.uuid_id);
  const fail = async (message: string): Promise<KeepResult> => {
    await deleteChunks(key).catch(() => undefined);
    await db.favourites.update(key, { status: 'failed', error: message, chunkCount: 0 }).catch(() => undefined);
    if (!opts.quiet) notify(message);
    return { ok: false, message };
  };
  if (!(await keepsFavourites())) return { ok: false, message: 'Favourites are not kept on this device' };
  inFlight.get(key)?.abort();
  const controller = new AbortController();
  inFlight.set(key, controller);
  // A download still waiting when the server is found unreachable (a link that answers nothing
  // may hold it for minutes) is given up; the next sync, once the server answers, saves the file.
  let cutOff = false;
  const stopWatching = onlineManager.subscribe((online) => {
    if (online) return;
    cutOff = true;
    controller.abort();
  });
  const record = storingRecord(kind, item);
  try {
    await db.favourites.put(record);
    await askPersist();
    if (!(await hasRoomFor(record.size))) return await fail(`Not enough storage on this device to keep "${item.name}" offline`);
    const { url, fileName } = await downloadLink(kind, item.uuid_id, controller.signal);
    const res = await fetch(url, { credentials: 'include', signal: controller.signal });
    if (!res.ok || !res.body) return await fail(`"${item.name}" could not be kept offline`);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > record.size && !(await hasRoomFor(declared))) return await fail(`Not enough storage on this device to keep "${item.name}" offline`);
    await deleteChunks(key);
    const size = await storeBody(key, res.body, controller.signal);
    if (!(await db.favourites.get(key))) {
      // Unfavourited while downloading.
      await deleteChunks(key);
      return { ok: false, message: 'Removed' };
    }
    await db.favourites.update(key, {
      status: 'stored',
      size,
      fileName: fileName || record.fileName,
      mimeType: res.headers.get('content-type')?.split(';')[0] || record.mimeType,
      chunkCount: Math.ceil(size / CHUNK_BYTES),
      storedAt: Date.now(),
      error: undefined,
    });
    return { ok: true };
  } catch (err) {
    if ((err as Error).name === 'AbortError' && !cutOff) return { ok: false, message: 'Cancelled' };
    if (cutOff || isNetworkError(err)) {
      // The link dropped: still to be saved (no notice), and saved on the next sync once it returns.
      await deleteChunks(key).catch(() => undefined);
      await db.favourites.update(key, { status: 'storing', chunkCount: 0 }).catch(() => undefined);
      return { ok: false, message: 'Offline', network: true };
    }
    if ((err as Error).name === 'QuotaExceededError') return fail(`Not enough storage on this device to keep "${item.name}" offline`);
    return fail(`"${item.name}" could not be kept offline`);
  } finally {
    stopWatching();
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

/** The version number of a scenario as the API returned it (media have none: 0). */
const versionOf = (item: unknown): number => {
  const v = (item as { version?: unknown } | undefined)?.version;
  return typeof v === 'number' ? v : 0;
};

/** Chunks of a newer version are written under this key until they are complete. */
const nextKey = (key: string) => `${key}#next`;

/**
 * A kept favourite whose item is newer on the server (a scenario's new version): the new file is
 * fetched beside the kept one, which stays usable offline until the new one is complete; then the
 * file and details are swapped in one transaction. On failure the old copy stays and the next sync
 * tries again. Returns true when the kept copy was replaced.
 */
export async function refreshOffline(kind: OfflineKind, item: OfflineItem): Promise<boolean> {
  const key = favouriteKey(kind, item.uuid_id);
  if (inFlight.has(key)) return false;
  const staged = nextKey(key);
  const controller = new AbortController();
  inFlight.set(key, controller);
  const stopWatching = onlineManager.subscribe((online) => {
    if (!online) controller.abort();
  });
  try {
    const { url, fileName } = await downloadLink(kind, item.uuid_id, controller.signal);
    const res = await fetch(url, { credentials: 'include', signal: controller.signal });
    if (!res.ok || !res.body) return false;
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared && !(await hasRoomFor(declared))) return false;
    await deleteChunks(staged);
    const size = await storeBody(staged, res.body, controller.signal);
    return await db.transaction('rw', db.favourites, db.fileChunks, async () => {
      const kept = await db.favourites.get(key);
      // Unfavourited (or dropped) meanwhile: nothing to replace.
      if (!kept) return false;
      const chunks = await db.fileChunks.where('fileKey').equals(staged).sortBy('index');
      await deleteChunks(key);
      await db.fileChunks.bulkPut(chunks.map((c) => ({ ...c, fileKey: key })));
      await deleteChunks(staged);
      await db.favourites.update(key, {
        status: 'stored',
        item,
        name: item.name,
        size,
        fileName: fileName || item.file_name || kept.fileName,
        mimeType: res.headers.get('content-type')?.split(';')[0] || kept.mimeType,
        chunkCount: chunks.length,
        storedAt: Date.now(),
        error: undefined,
      });
      return true;
    });
  } catch {
    return false;
  } finally {
    await deleteChunks(staged).catch(() => undefined);
    stopWatching();
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

/** Forget an item kept offline (unfavourited, or logout). */
export async function dropOffline(kind: OfflineKind, id: string): Promise<void> {
  const key = favouriteKey(kind, id);
  inFlight.get(key)?.abort();
  await db.transaction('rw', db.favourites, db.fileChunks, async () => {
    await db.favourites.delete(key);
    await deleteChunks(key);
  });
}

/** Logout: forget every file kept offline. */
export async function clearOffline(): Promise<void> {
  inFlight.forEach((c) => c.abort());
  await db.transaction('rw', db.favourites, db.fileChunks, async () => {
    await db.favourites.clear();
    await db.fileChunks.clear();
  });
}

export type Availability = 'stored' | 'storing' | 'failed' | null;

/** Live offline state of one item: 'stored' (opens offline), 'storing', 'failed' or null. */
export function useOfflineAvailability(kind: OfflineKind, id: string | undefined): Availability {
  return useLiveQuery(async () => (id ? ((await db.favourites.get(favouriteKey(kind, id)))?.status ?? null) : null), [kind, id], null);
}

/** Everything kept offline (optionally of one kind), newest first. */
export function useOfflineFavourites(kind?: OfflineKind): FavouriteRecord[] {
  return useLiveQuery(
    async () => (await db.favourites.toArray()).filter((f) => !kind || f.kind === kind).sort((a, b) => b.storedAt - a.storedAt),
    [kind],
    NONE,
  );
}
const NONE: FavouriteRecord[] = [];

/** How far this device is with keeping the favourites: all of them, kept, on their way, failed. */
export interface OfflineProgress {
  total: number;
  kept: number;
  storing: number;
  failed: number;
}

/** Live progress of keeping the favourites; null while unknown or when favourites are not kept here. */
export function useOfflineProgress(): OfflineProgress | null {
  return useLiveQuery(
    () =>
      // One chain of Dexie promises, so the live query follows both tables.
      keepsFavourites().then((keeping) =>
        keeping
          ? db.favourites.toArray().then((all) => ({
              total: all.length,
              kept: all.filter((f) => f.status === 'stored').length,
              storing: all.filter((f) => f.status === 'storing').length,
              failed: all.filter((f) => f.status === 'failed').length,
            }))
          : null,
      ),
    [],
    null,
  );
}

/** The stored item (as the API returned it) for showing a view offline. */
export async function getOfflineItem<T = unknown>(kind: OfflineKind, id: string): Promise<T | null> {
  return ((await db.favourites.get(favouriteKey(kind, id)))?.item as T | undefined) ?? null;
}

/**
 * A URL for a file kept offline: the service worker's /offline-files route (streams from
 * IndexedDB, supports ranges for video), or, without a controlling worker, an object URL of a Blob
 * built from the chunk Blobs (the browser keeps those on disk). Null when not stored.
 */
export async function openOfflineFile(kind: OfflineKind, id: string, opts: { inline?: boolean } = {}): Promise<string | null> {
  const rec = await db.favourites.get(favouriteKey(kind, id));
  if (!rec || rec.status !== 'stored') return null;
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) {
    return `/offline-files/${kind}/${encodeURIComponent(id)}/${encodeURIComponent(rec.fileName)}${opts.inline ? '?disp=inline' : ''}`;
  }
  return URL.createObjectURL(await keptFileBlob(rec));
}

/** The kept file as one Blob made of its chunk Blobs (they stay on disk; nothing is copied). */
async function keptFileBlob(rec: FavouriteRecord): Promise<Blob> {
  const chunks = await db.fileChunks.where('fileKey').equals(rec.key).sortBy('index');
  return new Blob(chunks.map((c) => c.data), { type: rec.mimeType });
}

/**
 * Save a file kept offline to the device (a download, with no network). Inside the native wrapper
 * the file goes to its import handler (scenarioimport / mediaImport) read from IndexedDB a chunk at a
 * time, since a WKWebView cannot save a blob download; 'device' then. Rejects with the
 * device's message when it refused the file.
 */
export async function downloadOfflineFile(kind: OfflineKind, id: string): Promise<false | 'saved' | 'device'> {
  const rec = await db.favourites.get(favouriteKey(kind, id));
  if (!rec || rec.status !== 'stored') return false;
  if (isNativeApp()) {
    await sendFileToNative(kind === 'scenario' ? 'scenarioimport' : 'mediaImport', {
      fileName: rec.fileName || 'file',
      mimeType: rec.mimeType,
      size: rec.size,
      chunkCount: rec.chunkCount,
      readChunk: async (index) => {
        const chunk = await db.fileChunks.get([rec.key, index]);
        if (!chunk) throw new Error('A part of the offline file is missing');
        return chunk.data;
      },
    });
    return 'device';
  }
  // Always a Blob URL: with no network Chromium cancels an <a download> of a /offline-files URL
  // even though the service worker answers it (seen in e2e/offline.spec.ts).
  const url = URL.createObjectURL(await keptFileBlob(rec));
  const a = document.createElement('a');
  a.href = url;
  a.download = rec.fileName || 'file';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'saved';
}

// ---- favourite toggles through the outbox ----------------------------------------------------------

/**
 * Toggle a favourite through the outbox (a toggle made offline is sent later, once, thanks to its
 * Idempotency-Key) and keep or drop the offline copy. `favourited` is the new state.
 * Returns the server's answer when it was sent now, or null when queued.
 */
export async function toggleFavouriteOffline(kind: OfflineKind, item: OfflineItem, favourited: boolean): Promise<unknown> {
  const label = `${favourited ? 'Favourite' : 'Unfavourite'} "${item.name}"`;
  if (!favourited) void dropOffline(kind, item.uuid_id);
  const r = await sendOrQueue('favourite', label, { method: 'POST', url: TOGGLE_URL[kind](item.uuid_id) }, { meta: { offlineKind: kind, favourited, item } });
  if (favourited) {
    if (r.status === 'sent') void keepOffline(kind, item);
    else if (await keepsFavourites()) {
      // Offline: keep the metadata now; the file follows when the toggle is sent.
      await db.favourites.put(storingRecord(kind, item));
    }
  }
  return r.status === 'sent' ? r.response : null;
}

// A favourite queued offline: fetch its file once the toggle reached the server.
onOutboxSent((sent) => {
  if (sent.kind !== 'favourite' || !sent.meta) return;
  const { offlineKind, favourited, item } = sent.meta as { offlineKind: OfflineKind; favourited: boolean; item: OfflineItem };
  if (favourited && item) void keepOffline(offlineKind, item);
});

/**
 * Calls `next` with the item's offline record (null when not kept) now and on every change, until
 * the returned function is called (for offline/later.ts, whose hooks load this module when wanted).
 */
export function watchOfflineRecord(kind: OfflineKind, id: string, next: (record: FavouriteRecord | null) => void): () => void {
  const sub = liveQuery(async () => (await db.favourites.get(favouriteKey(kind, id))) ?? null).subscribe({ next, error: () => undefined });
  return () => sub.unsubscribe();
}

/** The item kept offline (as the API returned it), live: undefined while reading, null when not kept. */
export function useOfflineItem<T>(kind: OfflineKind, id: string | undefined): T | null | undefined {
  return useLiveQuery<T | null | undefined>(
    async () => (id ? (((await db.favourites.get(favouriteKey(kind, id)))?.item as T | undefined) ?? null) : null),
    [kind, id],
    undefined,
  );
}

/** A URL to show a kept file inline (picture or video) when `enabled`; null until ready or when not kept. */
export function useOfflineFileUrl(kind: OfflineKind, id: string | undefined, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const stored = useOfflineAvailability(kind, id) === 'stored';
  useEffect(() => {
    if (!enabled || !stored || !id) return;
    let live = true;
    let made: string | null = null;
    void openOfflineFile(kind, id, { inline: true }).then((u) => {
      made = u;
      if (live) setUrl(u);
      else if (u?.startsWith('blob:')) URL.revokeObjectURL(u);
    });
    return () => {
      live = false;
      setUrl(null);
      if (made?.startsWith('blob:')) URL.revokeObjectURL(made);
    };
  }, [kind, id, enabled, stored]);
  return url;
}

// ---- favourites made elsewhere -----------------------------------------------------------------

let syncing: Promise<boolean> | null = null;
/** A sync was asked for while one ran (the link came back half-way): run another pass after it. */
let syncAgain = false;

/**
 * Make the device match the server's favourites: keep what was favourited on another device (or
 * before this device kept anything), forget what was unfavourited there. One file at a time, so a
 * training-site network is not flooded; toggles still waiting in the outbox win over the server.
 * Resolves true when the device's favourites changed (lists showing them may be out of date).
 */
export function syncOfflineFavourites(): Promise<boolean> {
  if (syncing) {
    syncAgain = true;
    return syncing;
  }
  syncing = (async () => {
    let changed = false;
    try {
      // A few passes at most: a file that keeps failing waits for the next sync.
      for (let pass = 0; pass < 3 && (pass === 0 || (syncAgain && onlineManager.isOnline())); pass++) {
        syncAgain = false;
        if (await syncPass()) changed = true;
      }
    } finally {
      syncing = null;
    }
    return changed;
  })();
  return syncing;
}

/** One pass of syncOfflineFavourites. */
async function syncPass(): Promise<boolean> {
  let changed = false;
  try {
    if (!(await keepsFavourites())) return false;
    const [scenarios, media] = await Promise.all([
      call(getMyFavouriteScenarios),
      call(getMyFavouriteMedia),
    ]);
    const wanted: [OfflineKind, OfflineItem][] = [
      ...scenarios.map((s) => ['scenario', s] as [OfflineKind, OfflineItem]),
      ...(media.media ?? []).map((m) => ['media', m] as [OfflineKind, OfflineItem]),
    ];
    const queuedToggles = new Set(
      (await db.outbox.where('kind').equals('favourite').toArray()).map((i) => {
        const meta = i.meta as { offlineKind?: OfflineKind; item?: OfflineItem } | undefined;
        return meta?.offlineKind && meta.item ? favouriteKey(meta.offlineKind, meta.item.uuid_id) : '';
      }),
    );
    const wantedKeys = new Set(wanted.map(([kind, item]) => favouriteKey(kind, item.uuid_id)));
    for (const kept of await db.favourites.toArray()) {
      if (!wantedKeys.has(kept.key) && !queuedToggles.has(kept.key)) {
        await dropOffline(kept.kind, kept.id);
        changed = true;
      }
    }
    // Every favourite still to be saved is listed first, so the progress ('Saving 2 of 6 for
    // offline use') counts them all from the start; then the files come one at a time.
    const before = new Map<string, FavouriteRecord | undefined>();
    const listed: FavouriteRecord[] = [];
    for (const [kind, item] of wanted) {
      const key = favouriteKey(kind, item.uuid_id);
      if (queuedToggles.has(key)) continue;
      const kept = await db.favourites.get(key);
      before.set(key, kept);
      if (!kept) listed.push(storingRecord(kind, item));
    }
    // All at once: the count never shows part of the list.
    if (listed.length) {
      changed = true;
      await db.favourites.bulkAdd(listed).catch(() => undefined);
    }
    for (const [kind, item] of wanted) {
      const key = favouriteKey(kind, item.uuid_id);
      if (!before.has(key)) continue;
      const kept = before.get(key);
      if (kept?.status === 'stored') {
        if (versionOf(item) > versionOf(kept.item)) {
          // A newer version on the server: its file replaces the kept one (the old one stays until then).
          if (!onlineManager.isOnline()) break;
          // On failure the kept copy stays and the next sync tries again.
          if (await refreshOffline(kind, item)) changed = true;
          continue;
        }
        // Fresh metadata (name, description, tags) for the offline view.
        await db.favourites.update(key, { item, name: item.name });
        continue;
      }
      if (kept?.status === 'storing' && inFlight.has(key)) continue;
      // The link is gone: the rest wait for the next sync (when the server answers again).
      if (!onlineManager.isOnline()) break;
      // The user was told once already when this item could not be kept.
      const result = await keepOffline(kind, item, { quiet: kept?.status === 'failed' });
      if (!result.ok && result.network) {
        // Tried again in another pass once the server answers (now, or when the link returns).
        syncAgain = true;
        if (!(await checkReachability())) break;
      }
    }
  } catch {
    // Offline or signed out: the next sync tries again.
  }
  return changed;
}
