// Unsafe methods from another origin are refused (DESIGN section 5): Origin must match the host
// or the public URL, and Sec-Fetch-Site must not say cross-site.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-error.js';
import { writes } from '../lib/methods.js';

export default fp(async function originCheck(app: FastifyInstance, opts: { publicUrl: string }) {
  const publicOrigin = new URL(opts.publicUrl).origin;
  const refused = (request: FastifyRequest): boolean => {
    if (!writes(request.method)) return false;
    if (request.headers['sec-fetch-site'] === 'cross-site') return true;
    const origin = request.headers.origin;
    if (!origin) return false;
    return origin !== `${request.protocol}://${request.headers.host}` && origin !== publicOrigin;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    done(refused(request) ? forbidden('Cross-origin request refused') : undefined);
  });
});
