// File storage. The local driver keeps objects under <data dir>/files; keys are relative paths
// like 'scenarios/<uuid>/file.isims'. Writes stream, so a 512 MB file never sits in memory.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface Storage {
  /** Stream `source` into `key`; returns the byte count. */
  put(key: string, source: Readable): Promise<number>;
  /** Move (or copy across devices) a finished local file into `key`. */
  putFile(key: string, filePath: string): Promise<number>;
  copy(fromKey: string, toKey: string): Promise<void>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** A local path for processors that need one (ffmpeg, zip). */
  localPath(key: string): string;
}

export function localStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return p;
  };
  return {
    async put(key, source) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.part`;
      try {
        await pipeline(source, fs.createWriteStream(tmp));
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
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
      await fsp.rm(resolve(key), { force: true });
    },
    localPath: resolve,
  };
}
