// Serves stored files behind signed URLs, with single HTTP ranges (206) for video seeking. The
// router has decoded the key once; it is not decoded again (a key may hold a '%').
import type { FastifyInstance } from 'fastify';
import parseRange from 'range-parser';
import { notFound } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import { getFile } from '../../shared/endpoints/files.js';
import { verifyFileUrl } from './signed-url.js';
import { mimeOf } from '../uploads/mime.js';

/** What a stored file may be served as, by extension; anything else is served as octet-stream. */
const SERVED = new Set(['png', 'jpg', 'jpeg', 'jpe', 'gif', 'webp', 'bmp', 'svg', 'mp4', 'm4v', 'mov', 'json', 'vtt']);
const typeOf = (ext: string) => (ext === 'vtt' ? 'text/vtt; charset=utf-8' : SERVED.has(ext) ? mimeOf(ext) : undefined);

export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';
export const RANGE_MESSAGE = 'Range not satisfiable';

/**
 * The byte range a `Range` header asks of a file of `size` bytes: null to send the whole file (no
 * header, a malformed one, or one we do not serve, such as several ranges), 'unsatisfiable' for a
 * range outside it (bytes=-0 asks for none of the file and is unsatisfiable too).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const ranges = parseRange(size, header);
  // A suffix longer than the file asks for all of it (RFC 9110 14.1.1); range-parser 1.x calls it unsatisfiable.
  if (ranges === -1 && size > 0 && /^bytes=-0*[1-9]\d*$/.test(header)) return { start: 0, end: size - 1 };
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  const [{ start, end }] = ranges;
  return { start, end };
}

export default async function filesRoute(app: FastifyInstance) {
  route(
    app,
    getFile, {
      auth: 'public',
      tags: ['files'],
      summary: 'Download a stored file through a signed URL',
      description: 'The link itself is the permission (exp, disp, name, sig). One byte range (Range: bytes=a-b) answers 206; a range outside the file 416.',
      // Answers with the reply itself, so it takes no read turn: a feed's thumbnails never queue
      // behind pages, and a video a reader paused never holds one.
      raw: true,
    },
    async ({ params, query, request, reply }) => {
      const key = params['*'];
      if (!verifyFileUrl(app.config.sessionSecret, key, query)) throw notFound(INVALID_LINK_MESSAGE);
      const name = query.name!;
      const size = await app.storage.size(key);
      if (size == null) throw notFound();
      const range = byteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send({ message: RANGE_MESSAGE });
      }
      const ext = key.split('.').pop()?.toLowerCase() ?? '';
      const type = (query.disp === 'inline' && ext !== 'svg' && typeOf(ext)) || (query.disp === 'attachment' ? typeOf(ext) ?? 'application/octet-stream' : 'application/octet-stream');
      reply
        .header('Content-Type', type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', `${query.disp}; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      if (range) {
        reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`).header('Content-Length', range.end - range.start + 1);
        return reply.send(app.storage.read(key, range));
      }
      reply.header('Content-Length', size);
      return reply.send(app.storage.read(key));
    },
  );
}
