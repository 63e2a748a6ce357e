// Serves the built PWA from dist/ and falls back to index.html for client routes (not /api), or
// to the shell the build wrote for that route (login.html for /login).
// The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): a client that
// accepts brotli or gzip gets that copy with Content-Encoding (and Vary: Accept-Encoding), the
// shell fallback included (it goes through reply.sendFile).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export default fp(async function staticClient(app: FastifyInstance, opts: { root: string }) {
  if (!fs.existsSync(path.join(opts.root, 'index.html'))) {
    app.log.warn(`No built client in ${opts.root}; run "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed assets never change; the shell and the service worker must be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  // Screens the build wrote into their own copy of the shell (scripts/vite-prerender.ts): /login
  // paints its form with the HTML. With a query (/login?verified=true) the screen differs from the
  // one written, so the plain shell goes.
  const prerendered = new Map<string, string>();
  if (fs.existsSync(path.join(opts.root, 'login.html'))) prerendered.set('/login', 'login.html');
  app.decorate('shellFile', (url: string) => prerendered.get(url) ?? 'index.html');
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The file of the built client that answers a client route (set when a built client is served). */
    shellFile?: (url: string) => string;
  }
}
