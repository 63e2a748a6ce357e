// The multipart upload path (POST /api/scenarios/upload, /api/media/upload, post attachments):
// every file part streams to a temp file under <dataDir>/tmp, is checked (extension, size while
// streaming, content) and handed to its kind's accept(). Per-file problems become error rows
// (spec section 7: `errors` of filename and message); nothing is kept for a refused file.
// Every multipart body is read through formParts(): a broken form is a 400, NUL characters in
// fields or file names a 422, and the body's digest (fields and file contents, hashed while they
// stream) lets the idempotency plugin tell a replay from another request.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { PassThrough, Transform, pipeline as pipeStreams } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { SessionUser } from '../plugins/session.js';
import { HttpError, badRequest, hasNul, tooLarge, unprocessable, unsupported } from '../lib/http-error.js';
import { OUT_OF_SPACE_MESSAGE, UNAVAILABLE_MESSAGE, isOutOfSpaceError, isUnavailableError } from '../lib/unavailable.js';
import { NUL_MESSAGE } from '../../shared/schemas/common.js';
import { tooManyFilesMessage as sharedTooManyFiles } from '../../shared/uploads.js';
import { SNIFF_BYTES, baseName, extensionMessage, extensionOf, getUploadKind, type AcceptedFile, type UploadKind } from './registry.js';
import { removeAfterClose } from '../storage/storage.js';

export interface UploadError {
  filename: string;
  message: string;
}
export interface UploadSuccess {
  filename: string;
  uuid_id: string;
}

export const INVALID_FORM_MESSAGE = 'The upload was not a valid multipart form';
export const TOO_MANY_PARTS_MESSAGE = 'The form has too many parts';
/** RFC 2046: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY_LENGTH = 70;

// What the multipart parser (busboy) throws for a body that is not a well-formed form.
const PARSER_MESSAGES = [
  'Multipart: Boundary not found',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'The needle cannot have a length bigger than',
  'Boundary required',
  'Unsupported Content-Type',
  'Missing Content-Type',
];

/**
 * The 4xx for an error of the multipart parser (busboy or @fastify/multipart), or null when the
 * error is something else. The error handler (plugins/errors.ts) maps every error through it.
 */
export function multipartError(err: unknown): HttpError | null {
  if (err instanceof HttpError || !(err instanceof Error)) return null;
  switch ((err as { code?: string }).code) {
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(INVALID_FORM_MESSAGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupported('Send the form as multipart/form-data');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_FILES_LIMIT':
      return tooLarge(TOO_MANY_PARTS_MESSAGE);
  }
  return PARSER_MESSAGES.some((m) => err.message.includes(m)) ? badRequest(INVALID_FORM_MESSAGE) : null;
}

/** Refuse a multipart Content-Type whose boundary is longer than RFC 2046 allows. */
function checkBoundary(contentType: string | undefined): void {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = m ? (m[1] ?? m[2] ?? '') : '';
  if (m && (boundary.length === 0 || boundary.length > MAX_BOUNDARY_LENGTH)) throw badRequest(INVALID_FORM_MESSAGE);
}

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

/**
 * The parts of a multipart request, as `request.parts()` gives them, checked and digested on the
 * way: NUL characters in a field name, value or file name 422. Each
 * file's bytes are hashed while the consumer streams them (never buffered); when the body has been
 * read to its end, `request.bodyDigest` holds the digest of every field and file, in order, so the
 * same form sent again (with any boundary) has the same digest. Consumers must read or drain every
 * file part, as with `request.parts()`.
 */
export async function* formParts(request: FastifyRequest, options?: PartsOptions): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw unsupported('Send the form as multipart/form-data');
  checkBoundary(request.headers['content-type']);
  request.bodyDigest = null;
  // One entry per part, in order; a file's entry gets its hash when its last byte has gone by.
  const entries: (string | null)[][] = [];
  const files: { ended: boolean }[] = [];
  // Parser errors leave as they are (receiveMultipartUploads reads FST_FILES_LIMIT); the error
  // handler turns them into 4xx with multipartError().
  for await (const part of request.parts(options)) {
    if (part.type === 'field') {
      if (hasNul(part.fieldname) || hasNul(part.value)) throw unprocessable(NUL_MESSAGE);
      let value: string;
      try {
        value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      } catch {
        throw badRequest(INVALID_FORM_MESSAGE);
      }
      entries.push(['field', part.fieldname, value]);
      yield part;
      continue;
    }
    if (hasNul(part.fieldname) || hasNul(part.filename)) {
      part.file.resume();
      throw unprocessable(NUL_MESSAGE);
    }
    const entry: (string | null)[] = ['file', part.fieldname, part.filename, null];
    const state = { ended: false };
    entries.push(entry);
    files.push(state);
    yield { ...part, file: digestingStream(part.file, (hex) => ((entry[3] = hex), (state.ended = true))) };
  }
  // A file cut short (its consumer gave up on it) leaves the digest unknown.
  if (files.every((f) => f.ended)) {
    request.bodyDigest = crypto.createHash('sha256').update(JSON.stringify(entries)).digest('hex');
  }
}

/**
 * A stream with the same bytes as a multipart file stream, hashing them as they go by. The parser's
 * own stream keeps its role: errors reach the consumer, `truncated` is the parser's.
 */
function digestingStream(source: MultipartFile['file'], onEnd: (hex: string) => void): MultipartFile['file'] {
  const hash = crypto.createHash('sha256');
  const out = new PassThrough();
  // pipe() and this listener are attached together, so both see every chunk; pipe's back-pressure
  // pauses the source for both.
  source.on('data', (chunk: Buffer) => hash.update(chunk));
  source.on('end', () => onEnd(hash.digest('hex')));
  pipeStreams(source, out, () => undefined);
  Object.defineProperty(out, 'truncated', { get: () => source.truncated });
  Object.defineProperty(out, 'bytesRead', { get: () => source.bytesRead });
  return out as unknown as MultipartFile['file'];
}

/** Where multipart uploads wait while they are checked. */
export function uploadTempDir(app: FastifyInstance): string {
  return path.join(app.config.dataDir, 'tmp');
}

export function requireKind(kindName: string): UploadKind {
  const kind = getUploadKind(kindName);
  if (!kind) throw new Error(`Upload kind '${kindName}' is not registered`);
  return kind;
}

export function tooLargeMessage(kind: UploadKind): string {
  return `File is larger than ${Math.round(kind.maxBytes / (1024 * 1024))} MB`;
}

export function tooManyFilesMessage(kind: UploadKind): string {
  return sharedTooManyFiles(kind.maxFiles);
}

/** Read a part to its end without keeping it, so the multipart parser moves on to the next part. */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/** Stream one multipart file part to a temp file, checking extension, 512 MB (while streaming) and content. */
export async function streamPartToTemp(
  app: FastifyInstance,
  part: MultipartFile,
  kindName: string,
): Promise<{ ok: true; file: AcceptedFile } | { ok: false; error: UploadError }> {
  const kind = requireKind(kindName);
  const filename = baseName(part.filename ?? '');
  const ext = extensionOf(filename);
  if (!kind.extensions.includes(ext)) {
    await drain(part.file);
    return { ok: false, error: { filename, message: extensionMessage(kind) } };
  }

  const dir = uploadTempDir(app);
  await fsp.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${crypto.randomUUID()}${ext}`);
  let size = 0;
  let over = false;
  const head: Buffer[] = [];
  let headLength = 0;
  // Counts bytes and keeps the first few for sniffing; past the limit it keeps reading (the parser
  // needs the part consumed) but writes nothing more.
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (over || size > kind.maxBytes) {
        over = true;
        return done();
      }
      if (headLength < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  const out = fs.createWriteStream(tmp);
  try {
    await pipeline(part.file, meter, out);
  } catch (err) {
    await removeAfterClose(out, tmp);
    throw err;
  }
  if (over || part.file.truncated) {
    await fsp.rm(tmp, { force: true });
    return { ok: false, error: { filename, message: tooLargeMessage(kind) } };
  }
  const problem = kind.sniff(Buffer.concat(head), ext);
  if (problem) {
    await fsp.rm(tmp, { force: true });
    return { ok: false, error: { filename, message: problem } };
  }
  return { ok: true, file: { filePath: tmp, originalName: filename, size, ext } };
}

/** Run kind.accept for a checked temp file; returns a success or an error row; always cleans the temp file. */
export async function acceptTempFile(
  app: FastifyInstance,
  user: SessionUser,
  kindName: string,
  file: AcceptedFile,
): Promise<{ ok: true; success: UploadSuccess } | { ok: false; error: UploadError }> {
  const kind = requireKind(kindName);
  try {
    const stored = await kind.accept(app, user, file);
    return { ok: true, success: { filename: file.originalName, uuid_id: stored.uuid_id } };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) {
      return { ok: false, error: { filename: file.originalName, message: err.message } };
    }
    // Each file of a batch ends on its own: one the store could not take says why.
    if (isOutOfSpaceError(err)) return { ok: false, error: { filename: file.originalName, message: OUT_OF_SPACE_MESSAGE } };
    if (isUnavailableError(err)) return { ok: false, error: { filename: file.originalName, message: UNAVAILABLE_MESSAGE } };
    app.log.error({ err, kind: kindName }, 'storing an upload failed');
    return { ok: false, error: { filename: file.originalName, message: 'The file could not be stored. Please try again.' } };
  } finally {
    await fsp.rm(file.filePath, { force: true });
  }
}

/** The whole multipart `upload` call: every part of `field` -> { errors, successes }; more than kind.maxFiles -> 422. */
export async function receiveMultipartUploads(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  opts: { kind: string; field: string },
): Promise<{ errors: UploadError[]; successes: UploadSuccess[] }> {
  const kind = requireKind(opts.kind);
  if (!request.isMultipart()) throw unprocessable('Send the files as multipart/form-data');
  const errors: UploadError[] = [];
  const checked: AcceptedFile[] = [];
  let count = 0;
  // Everything is checked first and stored only when the batch is within the limit, so a refused
  // batch leaves nothing behind.
  try {
    const partsOptions = {
      // One over the batch limit lets us see that the batch is too big; the parser stops beyond it.
      limits: { files: kind.maxFiles + 1, fileSize: kind.maxBytes },
      // A file over the size limit is a per-file error, not a failed request (@fastify/multipart option).
      throwFileSizeLimit: false,
    };
    for await (const part of formParts(request, partsOptions)) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== opts.field) {
        await drain(part.file);
        continue;
      }
      count += 1;
      if (count > kind.maxFiles) {
        await drain(part.file);
        continue;
      }
      const result = await streamPartToTemp(app, part, opts.kind);
      if (result.ok) checked.push(result.file);
      else errors.push(result.error);
    }
  } catch (err) {
    await Promise.all(checked.map((f) => fsp.rm(f.filePath, { force: true })));
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw unprocessable(tooManyFilesMessage(kind));
    throw err;
  }
  if (count > kind.maxFiles) {
    await Promise.all(checked.map((f) => fsp.rm(f.filePath, { force: true })));
    throw unprocessable(tooManyFilesMessage(kind));
  }
  const successes: UploadSuccess[] = [];
  for (const file of checked) {
    const result = await acceptTempFile(app, user, opts.kind, file);
    if (result.ok) successes.push(result.success);
    else errors.push(result.error);
  }
  return { errors, successes };
}
