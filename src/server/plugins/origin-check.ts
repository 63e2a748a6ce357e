// Unsafe methods from another origin are refused (DESIGN section 5): Origin must match the host
// or the public URL, and Sec-Fetch-Site must not say cross-site.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-error.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async function originCheck(app: FastifyInstance, opts: { publicUrl: string }) {
  const publicOrigin = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw forbidden('Cross-origin request refused');
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.headers.host}`;
    if (origin !== own && origin !== publicOrigin) throw forbidden('Cross-origin request refused');
  });
});
