// Files attached to queued posts go up through tus-js-client, the same tus client Uppy uses for the
// upload panel. The outbox sends them from the chunks kept in IndexedDB, with fetch only (a service
// worker has no XMLHttpRequest), so this module brings its own HttpStack, file reader and URL storage:
// - FetchHttpStack: each tus request is one fetch (with the outbox's fetch, its cookie and headers);
//   fetch cannot report upload progress, so progress is reported per PATCH (chunk).
// - the file reader hands out slices of the kept file (outbox-files.ts), never the whole file.
// - the URL storage is the outbox row: the upload's URL is written there before any byte is sent,
//   so a later attempt (another tab, the service worker, after a restart) resumes that upload.
// Each attempt on a known upload first asks the server how much it has (HEAD), so bytes the server
// already has, also of a PATCH cut half-way, are never sent again. Retries are the outbox's (with its
// backoff): tus-js-client only asks again after a PATCH with a stale offset (409).
// This module is loaded when a queued row has files to send, so the app's first script stays small.
import { DetailedError, Upload, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';

type UploadOptions = ConstructorParameters<typeof Upload>[1];

export interface TusFileSource {
  size: number;
  /** The bytes [start, end) as a Blob (made of the kept chunks, never read into memory at once). */
  slice(start: number, end: number): Promise<Blob>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

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
  fetch: FetchLike;
  /** The server created the upload: keep its URL to resume. Awaited before the first byte is sent. */
  onUrl(url: string): Promise<void> | void;
  /** This many bytes of the file went up (reported per chunk, and what the server confirmed). */
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

const NO_NETWORK = 'Waiting for the network';
const INVALID = 'Invalid response';

function messageOf(body: string): string {
  try {
    const data = JSON.parse(body) as { message?: unknown };
    if (typeof data?.message === 'string' && data.message) return data.message;
  } catch {
    // Not JSON.
  }
  return INVALID;
}

export const uploadIdOf = (url: string) => decodeURIComponent(url.split('?')[0].split('/').filter(Boolean).pop() ?? '');

/** Our server answers paths; keep only the path (and query) of an absolute URL too (same origin). */
const pathOf = (url: string) => {
  if (!/^https?:/i.test(url)) return url;
  const u = new URL(url);
  return u.pathname + u.search;
};

class FetchResponse implements HttpResponse {
  constructor(
    private res: Response,
    private body: string,
  ) {}
  getStatus() {
    return this.res.status;
  }
  getHeader(header: string) {
    return this.res.headers.get(header) ?? undefined;
  }
  getBody() {
    return this.body;
  }
  getUnderlyingObject() {
    return this.res;
  }
}

class FetchRequest implements HttpRequest {
  private headers: Record<string, string> = {};
  private controller = typeof AbortController === 'function' ? new AbortController() : null;
  private progress: (bytesSent: number) => void = () => undefined;

  constructor(
    private fetchFn: FetchLike,
    private method: string,
    private url: string,
  ) {}

  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(header: string, value: string) {
    this.headers[header] = value;
  }
  getHeader(header: string) {
    return this.headers[header];
  }
  setProgressHandler(handler: (bytesSent: number) => void) {
    this.progress = handler;
  }

  /** Resolves with the server's answer; a request that got none rejects with TusError status 0. */
  async send(body?: Blob | null): Promise<HttpResponse> {
    let res: Response;
    let text: string;
    try {
      res = await this.fetchFn(this.url, {
        method: this.method,
        headers: { ...this.headers },
        body: body ?? undefined,
        signal: this.controller?.signal,
        credentials: 'include',
        cache: 'no-store',
      });
      // A HEAD answer has no body.
      text = this.method === 'HEAD' ? '' : await res.text();
    } catch {
      throw new TusError(0, NO_NETWORK);
    }
    // fetch tells nothing while the body goes up: the chunk counts as sent once answered.
    if (body && res.ok) this.progress(body.size);
    return new FetchResponse(res, text);
  }

  abort() {
    this.controller?.abort();
    return Promise.resolve();
  }

  getUnderlyingObject() {
    return this.controller;
  }
}

/** tus-js-client's HttpStack over fetch: runs in the page and in the service worker. */
export class FetchHttpStack implements HttpStack {
  constructor(private fetchFn: FetchLike) {}
  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(this.fetchFn, method, url);
  }
  getName() {
    return 'FetchHttpStack';
  }
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** The outbox's view of a tus-js-client failure: TusError for what the server or network said, else the error itself. */
function outboxError(err: unknown): Error {
  if (err instanceof TusError) return err;
  if (!(err instanceof DetailedError)) return err instanceof Error ? err : new Error(String(err));
  if (err.causingError instanceof TusError) return err.causingError;
  const res = err.originalResponse;
  if (res) {
    const status = res.getStatus();
    // A 2xx answer tus-js-client could not use (no Location, no Upload-Offset).
    if (is2xx(status)) return new TusError(502, INVALID);
    return new TusError(status, messageOf(res.getBody()));
  }
  // Not the network (that is a TusError): the kept file could not be read.
  return err.causingError ?? err;
}

/** Upload (or finish uploading) one file; resolves when the server accepted all of it. */
export function tusUpload(o: TusUploadOptions): Promise<TusDone> {
  return new Promise<TusDone>((resolve, reject) => {
    const size = o.source.size;
    // Callbacks of tus-js-client are not awaited: the outbox's writes go one after another, and the
    // answer waits for them.
    let writes: Promise<void> = Promise.resolve();
    let writeError: unknown = null;
    const queue = (write: () => Promise<void> | void) => {
      writes = writes.then(write).catch((err: unknown) => {
        writeError ??= err;
      });
    };
    let lastProgress = -1;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      void writes.then(() => reject(writeError ?? outboxError(err)));
    };

    const fileReader: NonNullable<UploadOptions['fileReader']> = {
      openFile: () =>
        Promise.resolve({
          size,
          slice: async (start: number, end: number) => ({ value: await o.source.slice(start, end), done: end >= size }),
          close: () => undefined,
        }),
    };
    // The row is the only record of the upload's URL: nothing is looked up by fingerprint.
    const urlStorage: NonNullable<UploadOptions['urlStorage']> = {
      findAllUploads: () => Promise.resolve([]),
      findUploadsByFingerprint: () => Promise.resolve([]),
      removeUpload: () => Promise.resolve(),
      addUpload: async (_fingerprint, previous) => {
        const url = previous.uploadUrl ? pathOf(previous.uploadUrl) : null;
        if (url && url !== o.url) {
          queue(() => o.onUrl(url));
          await writes;
          // Not kept: sending bytes now could not be resumed later.
          if (writeError) {
            void upload.abort();
            fail(writeError);
          }
        }
        return 'outbox';
      },
    };

    const options: UploadOptions = {
      endpoint: o.endpoint,
      uploadUrl: o.url,
      metadata: o.metadata,
      headers: { Accept: 'application/json', ...o.headers },
      chunkSize: o.chunkBytes,
      httpStack: new FetchHttpStack(o.fetch),
      fileReader,
      urlStorage,
      fingerprint: () => Promise.resolve('outbox'),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: false,
      // The outbox retries with its backoff; here only a PATCH at a stale offset (an earlier PATCH got
      // further than we knew) is asked again at once: HEAD, then on from the server's offset.
      retryDelays: [0, 0, 0],
      onShouldRetry: (err) => err.originalRequest?.getMethod() === 'PATCH' && err.originalResponse?.getStatus() === 409,
      onAfterResponse: (req, res) => {
        const status = res.getStatus();
        // tus-js-client creates a new upload on any failed HEAD: only when the server no longer knows
        // this one. Any other answer stops the attempt (the row keeps the URL to try again).
        if (req.getMethod() === 'HEAD' && !is2xx(status) && status !== 404 && status !== 410) {
          throw new TusError(status, status === 401 ? 'Not signed in' : `The server answered ${status}`);
        }
      },
      onProgress: (bytesSent) => {
        if (bytesSent === lastProgress) return;
        lastProgress = bytesSent;
        queue(() => o.onProgress(bytesSent));
      },
      onSuccess: () => {
        if (settled) return;
        settled = true;
        const url = pathOf(upload.url ?? '');
        void writes.then(() => (writeError ? reject(writeError) : resolve({ url, uploadId: uploadIdOf(url) })));
      },
      onError: fail,
    };
    // The source is the kept file; our fileReader is the only one that opens it.
    const upload = new Upload(o.source as unknown as Blob, options);
    upload.start();
  });
}
