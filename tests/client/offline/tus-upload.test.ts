// The transport of queued posts' files: tus-js-client over fetch (FetchHttpStack), reading the
// file a chunk at a time, with the outbox's resume rules: a stale offset is asked again, a HEAD that
// fails for another reason than "unknown upload" never starts a second upload, the URL is handed over
// before the first byte goes, and progress is reported per chunk.
import { describe, expect, it } from 'vitest';
import { FetchHttpStack, TusError, tusUpload, type TusFileSource } from '../../../src/client/offline/tus-upload';

interface Up {
  length: number;
  offset: number;
  bytes: number[];
  meta: string;
}

function tusServer() {
  const uploads = new Map<string, Up>();
  const log: string[] = [];
  const state = { headStatus: null as number | null, patchConflictOnce: false, down: false };
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const method = init.method ?? 'GET';
    const h = init.headers as Record<string, string>;
    log.push(`${method} ${url}`);
    if (state.down) throw new TypeError('Failed to fetch');
    if (h['Tus-Resumable'] !== '1.0.0') return new Response(null, { status: 412 });
    if (method === 'POST' && url === '/uploads/tus') {
      const id = `u${uploads.size + 1}`;
      uploads.set(id, { length: Number(h['Upload-Length']), offset: 0, bytes: [], meta: h['Upload-Metadata'] });
      return new Response(null, { status: 201, headers: { Location: `/uploads/tus/${id}` } });
    }
    const up = uploads.get(url.split('/').pop()!);
    if (!up) return new Response(JSON.stringify({ message: 'Resource not found' }), { status: 404 });
    if (method === 'HEAD') {
      if (state.headStatus) return new Response(null, { status: state.headStatus });
      return new Response(null, { status: 200, headers: { 'Upload-Offset': String(up.offset), 'Upload-Length': String(up.length) } });
    }
    const data = new Uint8Array(await (init.body as Blob).arrayBuffer());
    if (state.patchConflictOnce) {
      // Another attempt got further than this one knows: the server has a few more bytes.
      state.patchConflictOnce = false;
      up.bytes.push(...data.subarray(0, 10));
      up.offset += 10;
      return new Response(JSON.stringify({ message: 'Upload-Offset mismatch' }), { status: 409 });
    }
    if (Number(h['Upload-Offset']) !== up.offset) return new Response(JSON.stringify({ message: 'Upload-Offset mismatch' }), { status: 409 });
    up.bytes.push(...data);
    up.offset += data.length;
    return new Response(null, { status: 204, headers: { 'Upload-Offset': String(up.offset) } });
  };
  return { uploads, log, state, fetch };
}

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 251);
function sourceOf(data: Uint8Array, reads: [number, number][] = []): TusFileSource {
  return {
    size: data.length,
    slice: (start, end) => {
      reads.push([start, end]);
      return Promise.resolve(new Blob([data.slice(start, end)]));
    },
  };
}

function options(server: ReturnType<typeof tusServer>, data: Uint8Array, over: Partial<Parameters<typeof tusUpload>[0]> = {}) {
  const events: string[] = [];
  const o: Parameters<typeof tusUpload>[0] = {
    endpoint: '/uploads/tus',
    url: null,
    metadata: { filename: 'Übung Nachtschicht.json', kind: 'scenario' },
    source: sourceOf(data),
    chunkBytes: 100,
    headers: { 'X-Outbox-User': 'emma' },
    fetch: server.fetch,
    onUrl: (url) => {
      events.push(`url ${url}`);
    },
    onProgress: (n) => {
      events.push(`progress ${n}`);
    },
    ...over,
  };
  return { o, events };
}

describe('the fetch HttpStack', () => {
  it('sends each request with fetch, the cookie and its headers, and reads status, headers and body', async () => {
    const calls: [string, RequestInit][] = [];
    const stack = new FetchHttpStack(async (url, init) => {
      calls.push([url, init]);
      return new Response('{"message":"Too large"}', { status: 413, headers: { 'Upload-Offset': '5' } });
    });
    const req = stack.createRequest('PATCH', '/uploads/tus/u1');
    req.setHeader('Upload-Offset', '0');
    expect(req.getHeader('Upload-Offset')).toBe('0');
    expect([req.getMethod(), req.getURL()]).toEqual(['PATCH', '/uploads/tus/u1']);
    const res = await req.send(new Blob(['hello']));
    expect([res.getStatus(), res.getHeader('Upload-Offset'), res.getHeader('Location'), res.getBody()]).toEqual([413, '5', undefined, '{"message":"Too large"}']);
    expect(calls[0][1]).toMatchObject({ method: 'PATCH', headers: { 'Upload-Offset': '0' }, credentials: 'include', cache: 'no-store' });
    expect(await (calls[0][1].body as Blob).text()).toBe('hello');
  });

  it('reports the chunk as sent once the server accepted it (fetch has no upload progress)', async () => {
    const stack = new FetchHttpStack(async () => new Response(null, { status: 204 }));
    const sent: number[] = [];
    const req = stack.createRequest('PATCH', '/uploads/tus/u1');
    req.setProgressHandler((n) => sent.push(n));
    await req.send(new Blob([bytesOf(300)]));
    expect(sent).toEqual([300]);
  });

  it('abort cancels the fetch; no answer is a network error (status 0)', async () => {
    const stack = new FetchHttpStack(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const req = stack.createRequest('PATCH', '/uploads/tus/u1');
    const sending = req.send(new Blob(['x']));
    await req.abort();
    const err = await sending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TusError);
    expect(err).toMatchObject({ status: 0, message: 'Waiting for the network' });
  });
});

describe('tusUpload with tus-js-client', () => {
  it('creates the upload, hands over its URL before the first byte, sends it in chunks and reports progress per chunk', async () => {
    const server = tusServer();
    const data = bytesOf(250);
    const reads: [number, number][] = [];
    const { o, events } = options(server, data, { source: sourceOf(data, reads) });
    o.onUrl = async (url) => {
      // The URL is kept before any PATCH is sent.
      expect(server.log.filter((l) => l.startsWith('PATCH'))).toEqual([]);
      events.push(`url ${url}`);
    };
    const done = await tusUpload(o);
    expect(done).toEqual({ url: '/uploads/tus/u1', uploadId: 'u1' });
    expect(server.log).toEqual(['POST /uploads/tus', 'PATCH /uploads/tus/u1', 'PATCH /uploads/tus/u1', 'PATCH /uploads/tus/u1']);
    expect(reads).toEqual([
      [0, 100],
      [100, 200],
      [200, 250],
    ]);
    expect(events).toEqual(['url /uploads/tus/u1', 'progress 0', 'progress 100', 'progress 200', 'progress 250']);
    expect(server.uploads.get('u1')!.bytes).toEqual([...data]);
    // Metadata as tus wants it: base64 of UTF-8.
    expect(server.uploads.get('u1')!.meta).toBe(`filename ${Buffer.from('Übung Nachtschicht.json').toString('base64')},kind ${Buffer.from('scenario').toString('base64')}`);
  });

  it('a PATCH at a stale offset asks the server where it is and goes on from there, no byte twice', async () => {
    const server = tusServer();
    const data = bytesOf(250);
    server.state.patchConflictOnce = true;
    const { o } = options(server, data);
    expect(await tusUpload(o)).toMatchObject({ uploadId: 'u1' });
    expect(server.log).toEqual(['POST /uploads/tus', 'PATCH /uploads/tus/u1', 'HEAD /uploads/tus/u1', 'PATCH /uploads/tus/u1', 'PATCH /uploads/tus/u1', 'PATCH /uploads/tus/u1']);
    expect(server.uploads.get('u1')!.bytes).toEqual([...data]);
  });

  it('resumes a known upload from the offset the server has, and does not hand over the URL again', async () => {
    const server = tusServer();
    const data = bytesOf(250);
    server.uploads.set('u1', { length: 250, offset: 120, bytes: [...data.subarray(0, 120)], meta: '' });
    const { o, events } = options(server, data, { url: '/uploads/tus/u1' });
    await tusUpload(o);
    expect(server.log).toEqual(['HEAD /uploads/tus/u1', 'PATCH /uploads/tus/u1', 'PATCH /uploads/tus/u1']);
    expect(events).toEqual(['progress 120', 'progress 220', 'progress 250']);
    expect(server.uploads.get('u1')!.bytes).toEqual([...data]);
  });

  it('an upload the server no longer knows is started again under a new URL', async () => {
    const server = tusServer();
    const { o, events } = options(server, bytesOf(50), { url: '/uploads/tus/gone' });
    expect(await tusUpload(o)).toEqual({ url: '/uploads/tus/u1', uploadId: 'u1' });
    expect(server.log).toEqual(['HEAD /uploads/tus/gone', 'POST /uploads/tus', 'PATCH /uploads/tus/u1']);
    expect(events[0]).toBe('url /uploads/tus/u1');
  });

  it('a HEAD the server fails (5xx, 401) stops the attempt without starting a second upload', async () => {
    const server = tusServer();
    server.uploads.set('u1', { length: 50, offset: 10, bytes: [], meta: '' });
    server.state.headStatus = 503;
    const { o } = options(server, bytesOf(50), { url: '/uploads/tus/u1' });
    await expect(tusUpload(o)).rejects.toMatchObject({ status: 503, message: 'The server answered 503' });
    server.state.headStatus = 401;
    await expect(tusUpload(o)).rejects.toMatchObject({ status: 401, message: 'Not signed in' });
    expect(server.log).toEqual(['HEAD /uploads/tus/u1', 'HEAD /uploads/tus/u1']);
  });

  it('no network is status 0; a refusal carries the server message; an unreadable file is a plain error', async () => {
    const server = tusServer();
    server.state.down = true;
    await expect(tusUpload(options(server, bytesOf(50)).o)).rejects.toEqual(new TusError(0, 'Waiting for the network'));
    expect(server.log).toEqual(['POST /uploads/tus']);

    const refusing = async () => new Response(JSON.stringify({ message: 'This file type is not allowed' }), { status: 415 });
    const refused = await tusUpload(options(server, bytesOf(50), { fetch: refusing }).o).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TusError);
    expect(refused).toMatchObject({ status: 415, message: 'This file type is not allowed' });

    const ok = tusServer();
    const missing: TusFileSource = { size: 50, slice: () => Promise.reject(new Error('A part of the attached file is missing on this device')) };
    const unreadable = await tusUpload(options(ok, bytesOf(50), { source: missing }).o).catch((e: unknown) => e);
    expect(unreadable).not.toBeInstanceOf(TusError);
    expect(unreadable).toMatchObject({ message: 'A part of the attached file is missing on this device' });
  });

  it('when the URL cannot be kept on the device, no byte is sent', async () => {
    const server = tusServer();
    const { o } = options(server, bytesOf(50), {
      onUrl: () => Promise.reject(new Error('QuotaExceededError')),
    });
    await expect(tusUpload(o)).rejects.toMatchObject({ message: 'QuotaExceededError' });
    expect(server.log).toEqual(['POST /uploads/tus']);
  });
});
