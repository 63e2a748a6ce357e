// The multipart upload path (POST /api/scenarios/upload, /api/media/upload, post attachments):
// every file part streams to a temp file under <dataDir>/tmp, is checked (extension, size while
// streaming, content) and handed to its kind's accept(). Per-file problems become error rows
// (spec section 7: `errors` of filename and message); nothing is kept for a refused file.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { SessionUser } from '../plugins/session.js';
import { HttpError, unprocessable } from '../lib/http-error.js';
import { tooManyFilesMessage as sharedTooManyFiles } from '../../shared/uploads.js';
import { SNIFF_BYTES, baseName, extensionMessage, extensionOf, getUploadKind, type AcceptedFile, type UploadKind } from './registry.js';

export interface UploadError {
  filename: string;
  message: string;
}
export interface UploadSuccess {
  filename: string;
  uuid_id: string;
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
  try {
    await pipeline(part.file, meter, fs.createWriteStream(tmp));
  } catch (err) {
    await fsp.rm(tmp, { force: true });
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
    const parts = request.parts(partsOptions);
    for await (const part of parts) {
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
