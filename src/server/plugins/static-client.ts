// Serves the built PWA from dist/ and falls back to index.html for client routes (not /api), or
// to the shell the build wrote for that route (login.html for /login).
// The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): a client that
// accepts brotli or gzip gets that copy with Content-Encoding (and Vary: Accept-Encoding), the
// shell fallback included (it goes through reply.sendFile).
// A signed-in visitor's first screen (the feed) comes with the API's answers to its first requests
// written into the shell, and a preload of its first picture: the screen shows without waiting for
// the app's script to ask, and the picture downloads beside the script (issue 15).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { PAGE_SIZE } from '../../shared/limits.js';
import type { PostsPage } from '../../shared/schemas/posts.js';
import { FIRST_ANSWERS_ID } from '../../shared/first-answers.js';
import { compressText } from './compress.js';

const ME_URL = '/api/users/me';

interface FirstScreen {
  /** The screen's lazy route module (its key in the build manifest): its chunks are preloaded. */
  module: string;
  /** The API calls the screen makes first (after /api/users/me), answered into its HTML. */
  requests: string[];
  /** The pictures it shows first, from those answers (JSON text by URL): preloaded with the HTML. */
  pictures(answers: ReadonlyMap<string, string>): string[];
}

const FEED_FIRST_PAGE = `/api/forumpost/GetPosts/0/${PAGE_SIZE.feed}/-1`;

/** Client routes whose first requests the server answers in the HTML, for a signed-in visitor. */
const FIRST_SCREENS: Record<string, FirstScreen> = {
  '/feed': {
    module: 'src/client/features/feed/routes/feed.tsx',
    // The first posts; the side column's notifications, groups and favourite scenarios; the tags.
    requests: [FEED_FIRST_PAGE, '/api/Notification', '/api/forumgroup/mygroups', '/api/scenarios/myfavourites', '/api/alltags'],
    // The first post's first picture: the one the feed loads eagerly, at high priority (post-card.tsx).
    pictures: (answers) => {
      const page = answers.get(FEED_FIRST_PAGE);
      const url = page ? (JSON.parse(page) as PostsPage).posts[0]?.media[0]?.signed_thumb_url : null;
      return url ? [url] : [];
    },
  },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The script files a module needs at once (its chunk and its static imports, from the build
 * manifest dist/.vite/manifest.json), less those the shell already loads: empty without a manifest.
 */
function moduleFiles(root: string, shell: string, module: string): string[] {
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || !chunk.file.endsWith('.js')) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return [...files].filter((file) => !shell.includes(`/${file}"`));
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

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
  const shell = fs.readFileSync(path.join(opts.root, 'index.html'), 'utf8');
  const screenScripts = new Map(
    Object.entries(FIRST_SCREENS).map(([url, screen]) => [
      url,
      moduleFiles(opts.root, shell, screen.module)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join(''),
    ]),
  );

  /** The API's answers (JSON text) to the screen's first requests, or null when no one is signed in. */
  async function firstAnswers(screen: FirstScreen, cookie: string): Promise<Map<string, string> | null> {
    const ask = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const me = await ask(ME_URL);
    if (me.statusCode !== 200) return null;
    const answers = new Map([[ME_URL, me.body]]);
    for (const [i, res] of (await Promise.all(screen.requests.map(ask))).entries()) {
      if (res.statusCode === 200) answers.set(screen.requests[i]!, res.body);
    }
    return answers;
  }

  /** What goes into the shell's head for a signed-in visitor: the answers, preloads of what the screen needs. */
  function firstScreenHead(url: string, screen: FirstScreen, answers: Map<string, string>): string {
    // JSON texts put together as one object; '<' escaped so no answer can close the script element.
    const json = `{${[...answers].map(([request, text]) => `${JSON.stringify(request)}:${text}`).join(',')}}`.replace(/</g, '\\u003c');
    const pictures = screen.pictures(answers).map((src) => `<link rel="preload" as="image" href="${escapeAttribute(src)}" fetchpriority="high">`);
    return `${pictures.join('')}${screenScripts.get(url) ?? ''}<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const screen = FIRST_SCREENS[request.url];
    if (!screen) return reply.header('Cache-Control', 'no-cache').sendFile(prerendered.get(request.url) ?? 'index.html');
    // The page differs by who is signed in: no shared cache may keep it.
    void reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
    const answers = request.headers.cookie ? await firstAnswers(screen, request.headers.cookie) : null;
    // A page made for one visitor goes as bytes, which the compressed-JSON memo does not keep; the
    // plain shell, the same for everyone, as text, which it does.
    const page = answers ? Buffer.from(shell.replace('</head>', `${firstScreenHead(request.url, screen, answers)}</head>`)) : shell;
    const body = await new Promise<string | Buffer>((resolve) => compressText(request, reply, page, resolve));
    return reply.type('text/html; charset=utf-8').send(body);
  }
  app.decorate('sendShell', sendShell);
});

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a client route with the built client's shell: the copy the build wrote for that route
     * (login.html), or index.html with the first screen's answers (set when a built client is served).
     */
    sendShell?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}
