// Favourites kept offline: the file is streamed into 1 MiB chunks, removed on
// unfavourite, and a failure is reported to the user instead of being lost silently.
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_BYTES, db } from '../../../src/client/offline/db';
import { dropOffline, keepOffline, onOfflineNotice, openOfflineFile, syncOfflineFavourites } from '../../../src/client/offline/favourites';

const SIZE = 2 * CHUNK_BYTES + 12345;
const bytes = new Uint8Array(SIZE).map((_, i) => (i * 7) % 251);

function streamOf(data: Uint8Array, piece = 64 * 1024) {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (offset >= data.length) return c.close();
      c.enqueue(data.slice(offset, offset + piece));
      offset += piece;
    },
  });
}

const item = { uuid_id: 'aaaaaaaa-1111-2222-3333-444444444444', name: 'Cardiac arrest', file_name: 'arrest.isims', file_size: SIZE };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await db.favourites.clear();
  await db.fileChunks.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('keepOffline', () => {
  it('streams the file into chunks and reads it back whole', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url.startsWith('/api/scenarios/download/')) return json({ url: '/api/files/s/arrest.isims?sig=1', fileName: 'arrest.isims' });
      return new Response(streamOf(bytes), { headers: { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) } });
    });
    expect(await keepOffline('scenario', item)).toEqual({ ok: true });
    expect(calls).toEqual([`/api/scenarios/download/${item.uuid_id}`, '/api/files/s/arrest.isims?sig=1']);
    const rec = await db.favourites.get(`scenario:${item.uuid_id}`);
    expect(rec).toMatchObject({ status: 'stored', size: SIZE, chunkCount: 3, fileName: 'arrest.isims' });
    const chunks = await db.fileChunks.where('fileKey').equals(rec!.key).sortBy('index');
    expect(chunks.map((c) => c.data.size)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 12345]);
    const back = new Uint8Array(await new Blob(chunks.map((c) => c.data)).arrayBuffer());
    // By digest: an element-wise toEqual of megabytes takes longer than the test timeout.
    const digest = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(digest(back)).toBe(digest(bytes));
    expect(await openOfflineFile('scenario', item.uuid_id)).toMatch(/^blob:/);
  });

  it('removes metadata and chunks when unfavourited', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.startsWith('/api/') && !url.startsWith('/api/files') ? json({ url: '/api/files/x', fileName: 'x.png' }) : new Response(streamOf(bytes.slice(0, 1000))),
    );
    await keepOffline('media', { ...item, file_size: 1000 });
    expect(await db.fileChunks.count()).toBe(1);
    await dropOffline('media', item.uuid_id);
    expect(await db.favourites.count()).toBe(0);
    expect(await db.fileChunks.count()).toBe(0);
    expect(await openOfflineFile('media', item.uuid_id)).toBeNull();
  });

  it('tells the user when the file could not be kept', async () => {
    vi.stubGlobal('fetch', async () => json({ message: 'This media is currently processing. Please check back later.' }, 409));
    const notices: string[] = [];
    const off = onOfflineNotice((m) => notices.push(m));
    const r = await keepOffline('media', item);
    off();
    expect(r).toEqual({ ok: false, message: '"Cardiac arrest" could not be kept offline' });
    expect(notices).toEqual(['"Cardiac arrest" could not be kept offline']);
    expect((await db.favourites.get(`media:${item.uuid_id}`))?.status).toBe('failed');
    expect(await db.fileChunks.count()).toBe(0);
  });
});

describe('syncOfflineFavourites', () => {
  const other = { uuid_id: 'bbbbbbbb-1111-2222-3333-444444444444', name: 'Old favourite', file_name: 'old.isims', file_size: 10 };
  const picture = { uuid_id: 'cccccccc-1111-2222-3333-444444444444', name: 'Defib pads', file_name: 'pads.png', file_size: 1000 };

  it('keeps favourites made elsewhere and forgets ones unfavourited elsewhere', async () => {
    // Kept earlier, since unfavourited on another device.
    await db.favourites.put({ key: `scenario:${other.uuid_id}`, kind: 'scenario', id: other.uuid_id, name: other.name, fileName: 'old.isims', mimeType: 'x', size: 10, status: 'stored', chunkCount: 1, storedAt: 1 });
    await db.fileChunks.put({ fileKey: `scenario:${other.uuid_id}`, index: 0, data: new Blob(['0123456789']) });
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/scenarios/myfavourites') return json([item]);
      if (url === '/api/media/favourites') return json({ total: 1, media: [picture] });
      if (url.startsWith('/api/scenarios/download/') || url.startsWith('/api/media/Download/')) return json({ url: `/api/files/${url.split('/').pop()}`, fileName: 'f' });
      return new Response(streamOf(bytes.slice(0, 1000)));
    });
    await syncOfflineFavourites();
    expect((await db.favourites.toArray()).map((f) => [f.key, f.status]).sort()).toEqual([
      [`media:${picture.uuid_id}`, 'stored'],
      [`scenario:${item.uuid_id}`, 'stored'],
    ]);
    expect(await db.fileChunks.where('fileKey').equals(`scenario:${other.uuid_id}`).count()).toBe(0);
  });

  it('replaces a kept scenario with its newer version, and keeps the old copy when the new file fails', async () => {
    const key = `scenario:${item.uuid_id}`;
    await db.favourites.put({ key, kind: 'scenario', id: item.uuid_id, name: item.name, fileName: 'arrest.isims', mimeType: 'x', size: 3, status: 'stored', chunkCount: 1, storedAt: 1, item: { ...item, version: 1 } });
    await db.fileChunks.put({ fileKey: key, index: 0, data: new Blob(['old']) });
    let fileOk = false;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/scenarios/myfavourites') return json([{ ...item, version: 2 }]);
      if (url === '/api/media/favourites') return json({ total: 0, media: [] });
      if (url.startsWith('/api/scenarios/download/')) return json({ url: '/api/files/v2', fileName: 'arrest (v2).isims', version: 2 });
      return fileOk ? new Response(streamOf(new TextEncoder().encode('version two'))) : new Response('gone', { status: 500 });
    });
    const keptText = async () => new Blob((await db.fileChunks.where('fileKey').equals(key).sortBy('index')).map((c) => c.data)).text();

    // The new file does not arrive: the old copy stays as it was.
    await syncOfflineFavourites();
    expect(await db.favourites.get(key)).toMatchObject({ status: 'stored', fileName: 'arrest.isims', item: { version: 1 } });
    expect(await keptText()).toBe('old');

    fileOk = true;
    expect(await syncOfflineFavourites()).toBe(true);
    expect(await db.favourites.get(key)).toMatchObject({ status: 'stored', fileName: 'arrest (v2).isims', size: 11, chunkCount: 1, item: { version: 2 } });
    expect(await keptText()).toBe('version two');
    expect(await db.fileChunks.count()).toBe(1);
  });

  it('leaves an item alone while its toggle waits in the outbox', async () => {
    await db.outbox.clear();
    await db.outbox.add({
      id: 'o1', kind: 'favourite', label: 'Unfavourite', state: 'queued', request: { method: 'POST', url: '/x' }, idempotencyKey: 'k',
      attempts: 0, nextAttemptAt: 0, createdAt: 0, updatedAt: 0, meta: { offlineKind: 'scenario', favourited: false, item },
    });
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      if (url === '/api/scenarios/myfavourites') return json([item]);
      return json({ media: [] });
    });
    await syncOfflineFavourites();
    expect(fetched).toEqual(['/api/scenarios/myfavourites', '/api/media/favourites']);
    expect(await db.favourites.count()).toBe(0);
    await db.outbox.clear();
  });
});
