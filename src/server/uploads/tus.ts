// Resumable uploads (tus 1.0) at /uploads/tus for files up to 512 MB on flaky networks (DESIGN
// sections 2 and 6). @tus/server streams PATCH bodies to <dataDir>/tus, or with STORAGE=s3 into a
// multipart upload of the bucket (@tus/s3-store), so any server process can take the next chunk;
// on PostgreSQL an upload's lock is an advisory lock that holds across processes (pg-locker.ts).
// This module adds session auth, per-user ownership (tus_uploads), the kind's checks at creation
// (extension, size) and at the end (content sniff, then kind.accept), and JSON { message } errors
// like the rest of the API.
// Offered: creation, creation-with-upload, termination, expiration; not concatenation (parallel
// uploads) nor deferred lengths, whose requests get a 400 with a message.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server, type ServerOptions, type Upload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, type DataStore, type KvStore } from '@tus/utils';
import type { SessionUser } from '../plugins/session.js';
import { HttpError, badRequest, notFound, unauthorized } from '../lib/http-error.js';
import { now } from '../db/connection.js';
import { MAX_UPLOAD_BYTES } from '../../shared/limits.js';
import { readStoredHead } from '../storage/storage.js';
import { s3ClientConfig, s3Storage, type S3StorageConfig } from '../storage/s3.js';
import { PgAdvisoryLocker } from './pg-locker.js';
import { readHead } from './mime.js';
import { lru, type Lru } from '../lib/lru.js';
import { OUT_OF_SPACE_MESSAGE, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, isOutOfSpaceError, isUnavailableError } from '../lib/unavailable.js';
import { SNIFF_BYTES, type AcceptedFile, baseName, extensionMessage, extensionOf, getUploadKind, sizeMessage } from './registry.js';

export const TUS_PATH = '/uploads/tus';
/** Unfinished uploads are kept this long for a resume, then swept. */
export const TUS_EXPIRY_MS = 7 * 24 * 3600_000;

/** tus extensions @tus/server or its file store know but this server does not offer. */
const UNOFFERED_EXTENSIONS = ['creation-defer-length', 'concatenation'];
/** Requests using an extension we do not offer: the header and the message that refuses them. */
const UNOFFERED_HEADERS: [string, string][] = [
  ['upload-concat', 'Parallel uploads (Upload-Concat) are not supported: send the file as one upload'],
  ['upload-defer-length', 'Uploads of unknown length (Upload-Defer-Length) are not supported: send Upload-Length'],
];

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
type TusError = { status_code: number; body: string };

const json = (message: string) => JSON.stringify({ message });
const refuse = (status_code: number, message: string): TusError => ({ status_code, body: json(message) });

/** The upload id in a /uploads/tus/<id> path ('' for the creation URL). */
export function uploadIdFromPath(urlPath: string): string {
  const pathname = urlPath.split('?')[0] ?? '';
  if (!pathname.startsWith(`${TUS_PATH}/`)) return '';
  return decodeURIComponent(pathname.slice(TUS_PATH.length + 1));
}

/** How far a file upload's writes may run ahead of the disk (the server's memory per PATCH). */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * FileStore creates its directory with an async mkdir whose callback throws, so an app closed (and
 * its data dir removed) right after start crashes the process. We create the directory ourselves,
 * synchronously, before constructing the store.
 */
const FileStoreBase = FileStore as unknown as new (options: ConstructorParameters<typeof FileStore>[0]) => object;
class SyncDirFileStore extends FileStoreBase {
  checkOrCreateDirectory(): void {}

  /**
   * A PATCH body into the file at `offset`; resolves with the new offset. FileStore's own write
   * adds a counting transform and keeps Node's 16 KB write buffer, so the request stream stops and
   * starts after every 64 KB read; here the file takes up to WRITE_BUFFER_BYTES ahead of the disk,
   * written with one writev call for all that gathered while the last write was under way.
   */
  async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = fs.createWriteStream((this as unknown as { resolve(id: string): string }).resolve(id), { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES });
    try {
      await pipeline(readable, file);
    } catch (err) {
      // The disk is full: the bytes written so far stay (HEAD reports them), so the upload resumes
      // from there once space is freed.
      if (isOutOfSpaceError(err)) throw refuse(507, OUT_OF_SPACE_MESSAGE);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}

/**
 * The S3 store, less its own expiry sweep (it lists every multipart upload of the bucket): unfinished
 * uploads are swept from their tus_uploads rows instead.
 */
class SweptS3Store extends S3Store {
  async deleteExpired(): Promise<number> {
    return 0;
  }
}

/**
 * The S3 store's cache of each upload's metadata (it never changes after creation), bounded: an
 * upload another process finished is never cleared here, so the oldest entries make way; an entry
 * that is gone is read again from '<id>.info'.
 */
class BoundedCache<T> implements KvStore<T> {
  private readonly entries: Lru<T>;
  constructor(max = 1000) {
    this.entries = lru<T>(max);
  }
  async get(key: string) {
    return this.entries.get(key);
  }
  async set(key: string, value: T) {
    this.entries.set(key, value);
  }
  async delete(key: string) {
    this.entries.delete(key);
  }
}

/** S3 parts: 8 MB (S3 wants at least 5 MB for every part but the last). */
export const TUS_S3_PART_BYTES = 8 * 1024 * 1024;

/** Where an upload's bytes wait until it is finished, and how to get at them then. */
interface TusBackend {
  store: DataStore;
  /** The first bytes of a finished upload, for the kind's content check. */
  head(id: string): Promise<Buffer>;
  /** Where kind.accept finds the finished upload: a local file, or the object in storage. */
  finished(id: string): Pick<AcceptedFile, 'filePath' | 'storedKey'>;
  /** Forget an upload's bytes and tus' metadata. */
  forget(id: string): Promise<void>;
}

function fileBackend(directory: string): TusBackend {
  fs.mkdirSync(directory, { recursive: true });
  const store = new SyncDirFileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS }) as unknown as FileStore;
  return {
    store,
    head: (id) => readHead(path.join(directory, id), SNIFF_BYTES),
    finished: (id) => ({ filePath: path.join(directory, id) }),
    async forget(id) {
      await fsp.rm(path.join(directory, id), { force: true });
      await fsp.rm(path.join(directory, `${id}.json`), { force: true });
    },
  };
}

function s3Backend(config: S3StorageConfig): TusBackend {
  // Uploads wait in the bucket as '<id>' (the multipart upload, then the finished object),
  // '<id>.info' (tus' metadata) and '<id>.part' (a tail shorter than a part, until the next chunk).
  const store = new SweptS3Store({
    partSize: TUS_S3_PART_BYTES,
    useTags: false,
    cache: new BoundedCache(),
    expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
    s3ClientConfig: { bucket: config.bucket, ...s3ClientConfig(config) },
  });
  const objects = s3Storage(config);
  return {
    store,
    head: (id) => readStoredHead(objects, id, SNIFF_BYTES),
    // The finished object sits in the bucket that app storage uses: accept copies it there.
    finished: (id) => ({ filePath: '', storedKey: id }),
    async forget(id) {
      // An unfinished upload's parts are dropped with it; a finished one has none left.
      await store.remove(id).catch(() => undefined);
      for (const key of [id, `${id}.info`, `${id}.part`]) await objects.delete(key);
    },
  };
}

export function createTusServer(app: FastifyInstance): { tus: Server; backend: TusBackend; locker: PgAdvisoryLocker | null; users: WeakMap<IncomingMessage, SessionUser> } {
  const backend = app.config.storage.driver === 's3' ? s3Backend(app.config.storage) : fileBackend(path.join(app.config.dataDir, 'tus'));
  const store = backend.store;
  // Every upload states its length (each kind checks it at creation): deferred lengths are not offered.
  store.extensions = store.extensions.filter((e) => !UNOFFERED_EXTENSIONS.includes(e));
  // Several processes on one PostgreSQL database: an upload's lock must hold across all of them.
  const locker =
    app.dialect === 'postgres' && app.config.databaseUrl
      ? new PgAdvisoryLocker(app.config.databaseUrl, undefined, { connectTimeoutMs: app.config.dbConnectTimeoutMs, queryTimeoutMs: app.config.dbQueryTimeoutMs }, (err: Error & { code?: string }, what) =>
          app.log.warn({ code: err.code, reason: err.message }, `upload locks: ${what}`),
        )
      : null;
  // The signed-in user of each raw request, set by the Fastify route before tus takes over.
  const users = new WeakMap<IncomingMessage, SessionUser>();
  const userOf = (req: TusRequest): SessionUser => {
    const raw = (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const user = raw ? users.get(raw) : undefined;
    if (!user) throw refuse(401, 'Not signed in');
    return user;
  };

  /** Forget an upload: its bytes, tus' metadata file and (unless finished) its row. */
  const discard = async (id: string) => {
    await backend.forget(id);
    await app.db.deleteFrom('tus_uploads').where('id', '=', id).execute();
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore: store,
    ...(locker ? { locker } : {}),
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    respectForwardedHeaders: false,

    async onUploadCreate(req, upload: Upload) {
      const user = userOf(req);
      const kind = getUploadKind(upload.metadata?.kind ?? '');
      if (!kind) throw refuse(422, 'Unknown upload kind');
      const filename = baseName(upload.metadata?.filename ?? '');
      if (!filename) throw refuse(422, 'A file name is required');
      if (!kind.extensions.includes(extensionOf(filename))) throw refuse(415, extensionMessage(kind));
      if (upload.size === undefined) throw refuse(400, 'Upload-Length is required');
      if (upload.size > kind.maxBytes) throw refuse(413, sizeMessage(kind));
      await app.db
        .insertInto('tus_uploads')
        .values({ id: upload.id, user_id: user.id, kind: kind.name, filename, size: upload.size, created_at: now(), finished_at: null, result_uuid_id: null })
        .execute();
      return { metadata: upload.metadata };
    },

    async onUploadFinish(req, upload: Upload) {
      const user = userOf(req);
      const row = await app.db.selectFrom('tus_uploads').selectAll().where('id', '=', upload.id).executeTakeFirst();
      const kind = row ? getUploadKind(row.kind) : undefined;
      if (!row || !kind) {
        await discard(upload.id);
        throw refuse(404, 'Resource not found');
      }
      const ext = extensionOf(row.filename);
      let result: { uuid_id: string };
      try {
        const problem = kind.sniff(await backend.head(upload.id), ext);
        if (problem) throw refuse(415, problem);
        result = await kind.accept(app, user, { ...backend.finished(upload.id), originalName: row.filename, size: upload.size ?? row.size, ext });
      } catch (err) {
        // Never left half stored: the upload is dropped (as far as the database and the store let
        // us now; the expiry sweep takes what remains) and the client sends the file again.
        await discard(upload.id).catch((e: unknown) => app.log.warn({ err: e }, 'discarding a failed upload failed'));
        if (err instanceof HttpError && err.statusCode < 500) throw refuse(err.statusCode, err.message);
        if ((err as TusError).status_code) throw err;
        if (isUnavailableError(err)) throw refuse(503, UNAVAILABLE_MESSAGE);
        if (isOutOfSpaceError(err)) throw refuse(507, OUT_OF_SPACE_MESSAGE);
        app.log.error({ err, kind: row.kind }, 'storing a resumable upload failed');
        throw refuse(500, 'The file could not be stored. Please try again.');
      }
      // accept() moved the file into storage; drop what is left and remember the result, so a
      // client that lost this response and asks again (HEAD) learns the upload is complete.
      await backend.forget(upload.id);
      await app.db.updateTable('tus_uploads').set({ finished_at: now(), result_uuid_id: result.uuid_id }).where('id', '=', upload.id).execute();
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ uuid_id: result.uuid_id, filename: row.filename }),
      };
    },

    // Every tus error leaves as JSON { message }.
    async onResponseError(req, err) {
      if (err instanceof Error) {
        // The store or the database is down: the upload keeps its offset and resumes later.
        if (isUnavailableError(err)) {
          app.log.warn({ err }, 'resumable upload: a dependency is unavailable');
          return refuse(503, UNAVAILABLE_MESSAGE);
        }
        if (isOutOfSpaceError(err)) return refuse(507, OUT_OF_SPACE_MESSAGE);
        app.log.error({ err }, 'resumable upload failed');
        return { status_code: 500, body: json('Something went wrong on our side. Please try again.') };
      }
      const { status_code } = err;
      if (err.body.startsWith('{')) return err;
      if (status_code === 413) {
        // Lengths are never deferred here, so a PATCH's 413 is a body past the declared length: tus
        // refuses it before writing (or stops at the length), and the upload stays to be sent again.
        if (req.method === 'PATCH') return { status_code, body: json('The upload is longer than its declared length') };
        return { status_code, body: json(sizeMessage({ maxBytes: MAX_UPLOAD_BYTES })) };
      }
      if (status_code === 404 || status_code === 410) return { status_code, body: json('Resource not found') };
      // 501: a protocol extension this server does not offer; the client asked for something we refuse.
      if (status_code === 501) return { status_code: 400, body: json(`Not supported: ${err.body.trim()}`) };
      return { status_code, body: json(err.body.trim()) };
    },
  });
  return { tus, backend, locker, users };
}

/** How much of a PATCH body may wait in memory for the store to take it. */
const BODY_BUFFER_BYTES = 1024 * 1024;

/**
 * The request as @tus/server reads it (its own handle() makes the same srvx NodeRequest), but with
 * a body stream that hands on the socket's buffers as they are: Node's Readable.toWeb, which srvx
 * uses, copies every chunk (to detach it from Buffer's shared pool, which only matters to a reader
 * that transfers them; tus writes them to the store). Made when tus first asks for it, as before.
 */
function tusRequest(req: IncomingMessage, res: ServerResponse): Request {
  const request = new NodeRequest({ req, res });
  let body: ReadableStream<Uint8Array<ArrayBuffer>> | null | undefined;
  Object.defineProperty(request, 'body', { get: () => (body ??= req.method === 'GET' || req.method === 'HEAD' ? null : uncopiedBody(req)) });
  return request;
}

/** A request's body as a web stream, as Readable.toWeb makes it less the copy. */
export function uncopiedBody(req: IncomingMessage): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      start(controller) {
        // A body cut short (the client gone) errors the stream.
        finished(req, (err) => {
          if (!err) controller.close();
          else controller.error(err.code === 'ERR_STREAM_PREMATURE_CLOSE' ? new DOMException('The request was cut short', 'AbortError') : err);
        });
        // Backpressure: the socket pauses while BODY_BUFFER_BYTES wait unread.
        req.on('data', (chunk: Buffer<ArrayBuffer>) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel(reason) {
        req.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_BUFFER_BYTES }),
  );
}

/**
 * An error answered as JSON { message } like the rest of the API. tus answers a malformed header
 * (Content-Type, Upload-Offset...) itself, in plain text, before any handler or onResponseError.
 */
async function withJsonError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = (await response.text()).trim();
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.delete('Content-Length');
  if (response.status === 503) headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  return new Response(text.startsWith('{') ? text : json(text || 'Request refused'), { status: response.status, headers });
}

/** Fastify routes for /uploads/tus; registered in its own (encapsulated) scope for the raw-body parsers. */
export async function tusRoutes(app: FastifyInstance): Promise<void> {
  const { tus, backend, locker, users } = createTusServer(app);

  // tus reads PATCH bodies itself: leave the request stream untouched (the @tus/server Fastify example).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user;
    if (!user) throw unauthorized();
    if (request.method !== 'OPTIONS') {
      const unoffered = UNOFFERED_HEADERS.find(([header]) => request.headers[header] !== undefined);
      if (unoffered) throw badRequest(unoffered[1]);
    }
    const id = uploadIdFromPath(request.url);
    if (id) {
      // Another user's upload does not exist for this user: cannot be read, resumed or deleted.
      const row = await app.db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.user_id !== user.id) throw notFound();
      if (row.finished_at) {
        // Accepted already; a client that lost the final response learns it is complete.
        if (request.method === 'HEAD') {
          return reply
            .status(200)
            .headers({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(row.size), 'Upload-Length': String(row.size), 'Cache-Control': 'no-store' })
            .send();
        }
        if (request.method === 'DELETE') {
          await app.db.deleteFrom('tus_uploads').where('id', '=', id).execute();
          return reply.status(204).header('Tus-Resumable', '1.0.0').send();
        }
        throw notFound();
      }
    } else if (request.method !== 'POST' && request.method !== 'OPTIONS') {
      throw notFound();
    }
    users.set(request.raw, user);
    reply.hijack();
    try {
      const response = await tus.handleWeb(tusRequest(request.raw, reply.raw));
      await sendNodeResponse(reply.raw, request.method === 'HEAD' ? response : await withJsonError(response));
    } catch (err) {
      const unavailable = isUnavailableError(err);
      if (unavailable) request.log.warn({ err }, 'resumable upload: a dependency is unavailable');
      else request.log.error({ err }, 'resumable upload failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(unavailable ? 503 : 500, { 'Content-Type': 'application/json', ...(unavailable ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}) });
      }
      reply.raw.end(json(unavailable ? UNAVAILABLE_MESSAGE : 'Something went wrong on our side. Please try again.'));
    }
  };

  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  const schema = { tags: ['uploads'], summary: 'Resumable upload (tus 1.0: creation, HEAD offset, PATCH bytes, DELETE)', hide: true };
  app.route({ method: [...methods], url: TUS_PATH, schema, handler });
  app.route({ method: [...methods], url: `${TUS_PATH}/:id`, schema, handler });

  // Sweep uploads nobody finished within the expiry, and rows of finished ones.
  const sweep = async () => {
    try {
      await tus.cleanUpExpiredUploads();
      const cutoff = new Date(Date.now() - TUS_EXPIRY_MS).toISOString();
      const stale = await app.db.selectFrom('tus_uploads').select('id').where('created_at', '<', cutoff).execute();
      for (const { id } of stale) await backend.forget(id);
      await app.db.deleteFrom('tus_uploads').where('created_at', '<', cutoff).execute();
    } catch (err) {
      app.log.warn({ err }, 'sweeping expired uploads failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), 6 * 3600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await locker?.close();
  });
}
