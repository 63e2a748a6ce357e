// Serves stored files behind signed URLs, with single HTTP ranges (206) for video seeking.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/http-error.js';
import { verifyFileUrl } from './signed-url.js';

const TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', jpe: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  bmp: 'image/bmp', svg: 'image/svg+xml', mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', json: 'application/json',
};

export default async function filesRoute(app: FastifyInstance) {
  app.get('/api/files/*', { schema: { tags: ['files'], summary: 'Download a stored file through a signed URL' } }, async (request, reply) => {
    const key = decodeURIComponent((request.params as { '*': string })['*']);
    const q = request.query as Record<string, string>;
    if (!verifyFileUrl(app.config.sessionSecret, key, q)) throw notFound('This link is invalid or has expired.');
    const size = await app.storage.size(key);
    if (size == null) throw notFound();
    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    const type = (q.disp === 'inline' && ext !== 'svg' && TYPES[ext]) || (q.disp === 'attachment' ? TYPES[ext] ?? 'application/octet-stream' : 'application/octet-stream');
    const encoded = encodeURIComponent(q.name);
    reply
      .header('Content-Type', type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Disposition', `${q.disp}; filename="${q.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encoded}`);
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    if (range && (range[1] || range[2])) {
      let start = range[1] ? Number(range[1]) : size - Number(range[2]);
      let end = range[1] && range[2] ? Number(range[2]) : size - 1;
      start = Math.max(0, start);
      end = Math.min(end, size - 1);
      if (start > end || start >= size) {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send({ message: 'Range not satisfiable' });
      }
      reply.status(206).header('Content-Range', `bytes ${start}-${end}/${size}`).header('Content-Length', end - start + 1);
      return reply.send(app.storage.read(key, { start, end }));
    }
    reply.header('Content-Length', size);
    return reply.send(app.storage.read(key));
  });
}
