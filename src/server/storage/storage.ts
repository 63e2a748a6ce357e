// File storage. The local driver keeps objects under <data dir>/files; the S3 driver (s3.ts) in a
// bucket that several server processes share. Keys are relative paths like
// 'scenarios/<uuid>/file.isims'. Writes and reads stream, so a 512 MB file never sits in memory;
// a processor that needs a file on disk (ffmpeg, zip) gets a temporary copy (withTempCopy).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface Storage {
  /** Stream `source` into `key`; returns the byte count. */
  put(key: string, source: Readable): Promise<number>;
  /** Move a finished local file into `key` (the local file is gone afterwards); returns the byte count. */
  putFile(key: string, filePath: string): Promise<number>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** The bytes of `key` (an inclusive range of them); a missing key errors the stream with code ENOENT. */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

/**
 * Run `fn` on a temporary local copy of `key` (for tools that need a file: ffmpeg, zip readers),
 * deleted afterwards whatever happens. A missing key rejects with code ENOENT.
 */
export async function withTempCopy<T>(storage: Pick<Storage, 'read'>, key: string, fn: (filePath: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stored-'));
  try {
    const file = path.join(dir, `copy${path.extname(key)}`);
    await pipeline(storage.read(key), fs.createWriteStream(file));
    return await fn(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Remove the file a failed write stream was writing. A stream that errored before its file was
 * opened still opens (creating the file) and then closes, so wait for that first, or the file
 * would outlive the cleanup.
 */
export async function removeAfterClose(out: fs.WriteStream, file: string): Promise<void> {
  if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
  await fsp.rm(file, { force: true });
}

/** The first `bytes` bytes of a stored file (fewer when it is shorter). */
export async function readStoredHead(storage: Pick<Storage, 'read'>, key: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of storage.read(key, { start: 0, end: bytes - 1 }) as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(chunks, length).subarray(0, bytes);
}

export function localStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const top = path.resolve(root);
  const resolve = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(top + path.sep)) throw new Error('Invalid storage key');
    return p;
  };
  /** Removes the folders above a removed file that it left empty (an item's own folder), up to the root. */
  const pruneEmptyFolders = async (file: string) => {
    for (let dir = path.dirname(file); dir.startsWith(top + path.sep); dir = path.dirname(dir)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return; // Not empty (or already gone): the folders above are in use.
      }
    }
  };
  return {
    async put(key, source) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.part`;
      const out = fs.createWriteStream(tmp);
      try {
        await pipeline(source, out);
        await fsp.rename(tmp, target);
      } catch (err) {
        await removeAfterClose(out, tmp);
        await pruneEmptyFolders(tmp);
        throw err;
      }
      return (await fsp.stat(target)).size;
    },
    async putFile(key, filePath) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(filePath, target);
      } catch {
        await fsp.copyFile(filePath, target);
        await fsp.rm(filePath, { force: true });
      }
      return (await fsp.stat(target)).size;
    },
    async copy(fromKey, toKey) {
      const target = resolve(toKey);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.copyFile(resolve(fromKey), target);
    },
    read(key, range) {
      return fs.createReadStream(resolve(key), range);
    },
    async size(key) {
      try {
        return (await fsp.stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await fsp.rm(file, { force: true });
      await pruneEmptyFolders(file);
    },
  };
}
