// Files attached to queued posts: copied into IndexedDB as CHUNK_BYTES Blob chunks when
// the post is queued (a picked file cannot be read again after a reload), read back a slice at a
// time for the resumable upload, and dropped once the post was sent or discarded. A 512 MB file is
// never one Blob in memory. No React and no window-only API: the service worker uses it too.
import { CHUNK_BYTES, db } from './db';
import type { TusFileSource } from './tus-upload';

/** Copy `file` into chunks under `fileKey`; answers the chunk count. Removes what it wrote on failure. */
export async function keepFile(fileKey: string, file: Blob): Promise<number> {
  const count = Math.ceil(file.size / CHUNK_BYTES);
  try {
    for (let index = 0; index < count; index++) {
      const part = file.slice(index * CHUNK_BYTES, Math.min(file.size, (index + 1) * CHUNK_BYTES));
      // Read each part once, so the stored chunk holds the bytes and not a reference to the picked file.
      const data = new Blob([await part.arrayBuffer()], { type: 'application/octet-stream' });
      await db.outboxFiles.put({ fileKey, index, data });
    }
    return count;
  } catch (err) {
    await dropFiles([fileKey]).catch(() => undefined);
    throw err;
  }
}

export async function dropFiles(fileKeys: string[]): Promise<void> {
  if (fileKeys.length) await db.outboxFiles.where('fileKey').anyOf(fileKeys).delete();
}

/** Bytes of kept attachment chunks (for the profile's 'Offline storage'); a Dexie promise, fit for a liveQuery. */
export function keptFileBytes(fileKeys?: string[]): Promise<number> {
  let total = 0;
  const rows = fileKeys ? db.outboxFiles.where('fileKey').anyOf(fileKeys) : db.outboxFiles.toCollection();
  return rows.each((c) => (total += c.data.size)).then(() => total);
}

/** A tus source over the kept chunks: each slice is a Blob made of the chunk Blobs it spans. */
export function keptFileSource(fileKey: string, size: number): TusFileSource {
  return {
    size,
    async slice(start, end) {
      const first = Math.floor(start / CHUNK_BYTES);
      const last = Math.floor((end - 1) / CHUNK_BYTES);
      const parts: Blob[] = [];
      for (let index = first; index <= last; index++) {
        const chunk = await db.outboxFiles.get([fileKey, index]);
        if (!chunk) throw new Error('A part of the attached file is missing on this device');
        const base = index * CHUNK_BYTES;
        parts.push(chunk.data.slice(Math.max(0, start - base), Math.min(chunk.data.size, end - base)));
      }
      return new Blob(parts, { type: 'application/offset+octet-stream' });
    },
  };
}
