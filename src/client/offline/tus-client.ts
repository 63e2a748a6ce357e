// A small tus 1.0 client for files attached to queued posts. The outbox sends them before
// the post, from the chunks kept in IndexedDB, with fetch only, so the same code runs in the page and
// in the service worker. Each call first asks the server how much it already has (HEAD), so a retry
// never sends those bytes again; bytes of a PATCH cut half-way that reached the server count too.
// The upload panel (components/upload) keeps using Uppy for files the user picks there.

const TUS_VERSION = '1.0.0';

export interface TusFileSource {
  size: number;
  /** The bytes [start, end) as a Blob (made of the kept chunks, never read into memory at once). */
  slice(start: number, end: number): Promise<Blob>;
}

export interface TusUploadOptions {
  endpoint: string;
  /** The upload's URL from an earlier attempt, or null to create one. */
  url: string | null;
  metadata: Record<string, string>;
  source: TusFileSource;
  /** Bytes per PATCH. */
  chunkBytes: number;
  /** Sent with every request (the outbox's author header). */
  headers: Record<string, string>;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** The server created the upload: keep its URL to resume. */
  onUrl(url: string): Promise<void> | void;
  /** The server confirmed this many bytes. */
  onProgress(offset: number): Promise<void> | void;
}

export interface TusDone {
  url: string;
  /** The last part of the upload URL: what CreatePost refers to. */
  uploadId: string;
}

/** A failed tus call: status 0 when the server could not be reached, else the server's answer. */
export class TusError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

/** UTF-8 safe base64 for Upload-Metadata values. */
function b64(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let bin = '';
  bytes.forEach((b) => (bin += String.fromCharCode(b)));
  return btoa(bin);
}

async function messageOf(res: Response): Promise<string> {
  try {
    const data = (await res.json()) as { message?: unknown };
    if (typeof data?.message === 'string' && data.message) return data.message;
  } catch {
    // Not JSON.
  }
  return 'Invalid response';
}

export const uploadIdOf = (url: string) => decodeURIComponent(url.split('?')[0].split('/').filter(Boolean).pop() ?? '');

/** Upload (or finish uploading) one file; resolves when the server accepted all of it. */
export async function tusUpload(o: TusUploadOptions): Promise<TusDone> {
  const call = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await o.fetch(url, { ...init, credentials: 'include', cache: 'no-store', headers: { 'Tus-Resumable': TUS_VERSION, Accept: 'application/json', ...o.headers, ...(init.headers as Record<string, string>) } });
    } catch {
      throw new TusError(0, 'Waiting for the network');
    }
  };
  const fail = async (res: Response): Promise<never> => {
    throw new TusError(res.status, await messageOf(res));
  };
  /** The server's offset, or null when it no longer knows the upload. */
  const offsetAt = async (url: string): Promise<number | null> => {
    const res = await call(url, { method: 'HEAD' });
    if (res.status === 404 || res.status === 410) return null;
    if (!res.ok) {
      // A HEAD answer has no body: name the status.
      throw new TusError(res.status, res.status === 401 ? 'Not signed in' : `The server answered ${res.status}`);
    }
    const n = Number(res.headers.get('Upload-Offset'));
    if (!Number.isFinite(n) || n < 0) throw new TusError(502, 'Invalid response');
    return n;
  };

  let url = o.url;
  let offset: number | null = url ? await offsetAt(url) : null;
  if (offset === null) {
    const metadata = Object.entries(o.metadata).map(([k, v]) => `${k} ${b64(v)}`).join(',');
    const res = await call(o.endpoint, { method: 'POST', headers: { 'Upload-Length': String(o.source.size), 'Upload-Metadata': metadata } });
    if (res.status !== 201) await fail(res);
    const location = res.headers.get('Location');
    if (!location) throw new TusError(502, 'Invalid response');
    // Our server answers a path; keep only the path of an absolute URL too (same origin).
    url = /^https?:/i.test(location) ? new URL(location).pathname : location;
    await o.onUrl(url);
    offset = 0;
  }
  await o.onProgress(offset);
  const size = o.source.size;
  while (offset < size) {
    const end = Math.min(size, offset + o.chunkBytes);
    const body = await o.source.slice(offset, end);
    const res = await call(url!, { method: 'PATCH', headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body });
    if (res.status === 409) {
      // Our offset was stale (an earlier PATCH got further than we knew): ask again.
      const now = await offsetAt(url!);
      if (now === null) throw new TusError(404, 'The upload was lost. Please try again.');
      offset = now;
      await o.onProgress(offset);
      continue;
    }
    if (res.status !== 204 && res.status !== 200) await fail(res);
    const next = Number(res.headers.get('Upload-Offset'));
    offset = Number.isFinite(next) && next > offset ? next : end;
    await o.onProgress(offset);
  }
  return { url: url!, uploadId: uploadIdOf(url!) };
}
