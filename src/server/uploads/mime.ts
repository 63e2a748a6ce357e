// The one table of media types the server uses (mime-types, from mime-db): the type stored with an
// uploaded file and the type a stored file is served with. .m4v is video/x-m4v everywhere (what the
// upload stores is what the download says).
import fsp from 'node:fs/promises';
import mime from 'mime-types';

/** The media type of a file name or extension (with or without its dot), or octet-stream. */
export function mimeOf(nameOrExt: string): string {
  return mime.lookup(nameOrExt) || 'application/octet-stream';
}

/** The first `bytes` bytes of a file (fewer when it is shorter), to tell what it holds. */
export async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
