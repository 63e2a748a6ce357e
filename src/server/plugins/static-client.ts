// Serves the built PWA from dist/ and falls back to index.html for client routes (not /api), or
// to the shell the build wrote for that route in the visitor's language (login.html in English,
// login.de.html in German for /login): the language the app keeps in its cookie, else the
// browser's (Accept-Language), else the distributor's default by host, else English; the same
// order the app follows when it starts, so the form it paints over the HTML reads the same.
// The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): a client that
// accepts brotli or gzip gets that copy with Content-Encoding (and Vary: Accept-Encoding), the
// shell fallback included (it goes through reply.sendFile).
// A signed-in visitor's first screen (each main screen: shared/first-answers.ts lists them and their
// first requests) comes with the API's answers to those requests written into the shell, preloads
// of the screen's code and of its first pictures: the screen shows without waiting for the app's
// script to ask, and the pictures and code download beside the app's script.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { PostsPage } from '../../shared/schemas/posts.js';
import type { Scenario } from '../../shared/schemas/scenarios.js';
import type { MediaPage } from '../../shared/schemas/media.js';
import { apiUrl, FIRST_ANSWERS_ID, firstScreenRequests, matchFirstScreen, topBarRequests } from '../../shared/first-answers.js';
import { chooseLanguage, FALLBACK_LANGUAGE, LANGUAGES, parseAcceptLanguage, type Language } from '../../shared/languages.js';
import { distributorFromHost } from '../../shared/enums.js';
import { compressText } from './compress.js';

interface FirstScreen {
  /** The screen's lazy route module (its key in the build manifest): its chunks are preloaded. */
  module: string;
  /**
   * The English texts its route brings beside its code (client/app/router.tsx `withNamespaces`;
   * tests/client/route-namespaces.test.ts keeps the two lists the same): preloaded too. (i18next
   * loads English under every language, as the fallback.)
   */
  namespaces: string[];
  /** The pictures it shows first, from the answers to its requests (by URL): preloaded with the HTML. */
  pictures?(answer: <T>(url: string) => T | undefined, requests: string[]): (string | null | undefined)[];
}

/** The main screens (patterns of shared/first-answers.ts): their code, their first pictures. */
export const FIRST_SCREENS: Record<keyof typeof firstScreenRequests, FirstScreen> = {
  '/feed': {
    module: 'src/client/features/feed/routes/feed.tsx',
    namespaces: ['feed', 'conversation', 'exchange'],
    // The first post's first picture: the one the feed loads eagerly, at high priority (post-card.tsx).
    pictures: (answer, [firstPage]) => [answer<PostsPage>(firstPage!)?.posts[0]?.media[0]?.signed_thumb_url],
  },
  // (Its pictures are small, below the filters on a phone: they load when scrolled to.)
  '/scenarios': { module: 'src/client/features/scenarios/routes/scenarios.tsx', namespaces: ['scenarios', 'exchange'] },
  '/scenario/:uuidId': {
    module: 'src/client/features/scenarios/routes/scenario-view.tsx',
    namespaces: ['scenarios', 'exchange'],
    // The device's and the patient's pictures, at the top of the page.
    pictures: (answer, [scenario]) => {
      const s = answer<Scenario>(scenario!);
      return [s?.thumbnail_url, s?.patient_photo_url];
    },
  },
  '/media': {
    module: 'src/client/features/media/routes/library.tsx',
    namespaces: ['media'],
    // The first tile's picture (media-thumb.tsx loads the first row eagerly).
    pictures: (answer, [library]) => [answer<MediaPage>(library!)?.media[0]?.signed_thumb_url],
  },
  '/me/forum/groups': { module: 'src/client/features/groups/routes/my-groups.tsx', namespaces: ['groups'] },
  '/tms': { module: 'src/client/features/tms/routes/tms.tsx', namespaces: ['tms'] },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The build manifest (dist/.vite/manifest.json), read once; empty without one. */
function readManifest(root: string): Record<string, ManifestChunk> {
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  return fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/**
 * The files these modules need at once (their chunks, their static imports and their stylesheets,
 * from the build manifest), less those the shell already loads, as links for the shell's head:
 * scripts preloaded, stylesheets loaded (the app waits for them before it shows the screen anyway).
 */
function moduleLinks(manifest: Record<string, ManifestChunk>, shell: string, modules: string[]): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file) || !chunk.file.endsWith('.js')) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  const fresh = (file: string) => !shell.includes(`/${file}"`);
  return [
    ...[...styles].filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The app's language cookie (client/i18n/current.ts LANGUAGE_COOKIE), as the app writes it. */
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/;

/** The language a prerendered screen is sent in: the app's cookie, else Accept-Language, else the host's distributor, else English. */
export function shellLanguage(request: Pick<FastifyRequest, 'headers' | 'hostname'>): Language {
  return chooseLanguage({
    account: LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1] ?? null,
    browser: parseAcceptLanguage(request.headers['accept-language']),
    distributorId: distributorFromHost(request.hostname ?? ''),
  });
}

/** The file the build wrote for a prerendered screen in a language: login.html (English), login.de.html. */
const prerenderedFile = (page: string, language: Language) => (language === FALLBACK_LANGUAGE ? `${page}.html` : `${page}.${language}.html`);

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
  // Screens the build wrote into their own copy of the shell, one per language
  // (scripts/vite-prerender.ts): /login paints its form with the HTML. With a query
  // (/login?verified=true) the screen differs from the one written, so the plain shell goes.
  const prerendered = new Map<string, Map<Language, string>>();
  for (const page of ['login']) {
    const files = new Map(LANGUAGES.map((language) => [language, prerenderedFile(page, language)] as const).filter(([, file]) => fs.existsSync(path.join(opts.root, file))));
    if (files.size) prerendered.set(`/${page}`, files);
  }
  /** The prerendered copy for this request in the visitor's language (English when the build wrote none in it). */
  function prerenderedShell(request: FastifyRequest): string | undefined {
    const files = prerendered.get(request.url);
    if (!files) return undefined;
    return files.get(shellLanguage(request)) ?? files.get(FALLBACK_LANGUAGE) ?? [...files.values()][0];
  }
  const shell = fs.readFileSync(path.join(opts.root, 'index.html'), 'utf8');
  /** The plain shell as bytes kept for the server's life, so its compressed bytes are kept too (plugins/compress.ts). */
  const shellBytes = Buffer.from(shell);
  const manifest = readManifest(opts.root);
  const screenLinks = new Map(
    Object.entries(FIRST_SCREENS).map(([pattern, screen]) => [
      pattern,
      moduleLinks(manifest, shell, [screen.module, ...screen.namespaces.map((ns) => `src/client/i18n/locales/en/${ns}.json`)]),
    ]),
  );
  // Each language but English is a chunk of its own (client/i18n/resources.ts), which the app waits
  // for before its first render: preloaded with the screen for a visitor reading that language.
  const languageLinks = new Map(LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE).map((l) => [l, moduleLinks(manifest, shell, [`src/client/i18n/resources-${l}.ts`])]));

  /** The API's answers (JSON text) to these requests, or null when no one is signed in. */
  async function firstAnswers(requests: string[], cookie: string): Promise<Map<string, string> | null> {
    const ask = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const me = await ask(apiUrl.me);
    if (me.statusCode !== 200) return null;
    const answers = new Map<string, string>([[apiUrl.me, me.body]]);
    for (const [i, res] of (await Promise.all(requests.map(ask))).entries()) {
      if (res.statusCode === 200) answers.set(requests[i]!, res.body);
    }
    return answers;
  }

  /**
   * The shell for a signed-in visitor: preloads of the screen's first pictures ahead of the app's
   * script (the browser asks in the order it reads), then preloads of the screen's code and the answers.
   */
  function firstScreenPage(pattern: string, requests: string[], answers: Map<string, string>, language: Language): string {
    // JSON texts put together as one object; '<' escaped so no answer can close the script element.
    const json = `{${[...answers].map(([request, text]) => `${JSON.stringify(request)}:${text}`).join(',')}}`.replace(/</g, '\\u003c');
    const parsed = new Map<string, unknown>();
    const answer = <T>(url: string): T | undefined => {
      if (!parsed.has(url) && answers.has(url)) parsed.set(url, JSON.parse(answers.get(url)!));
      return parsed.get(url) as T | undefined;
    };
    const pictures = [...new Set(FIRST_SCREENS[pattern]!.pictures?.(answer, requests) ?? [])]
      .filter((src): src is string => typeof src === 'string' && src.length > 0)
      .map((src) => `<link rel="preload" as="image" href="${escapeAttribute(src)}" fetchpriority="high">`);
    const head = `${languageLinks.get(language) ?? ''}${screenLinks.get(pattern) ?? ''}<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script></head>`;
    const before = shell.includes('<script type="module"') ? '<script type="module"' : '</head>';
    return shell.replace(before, () => `${pictures.join('')}${before}`).replace('</head>', () => head);
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const at = request.url.indexOf('?');
    const [pathname, query] = at < 0 ? [request.url, ''] : [request.url.slice(0, at), request.url.slice(at + 1)];
    const screen = matchFirstScreen(pathname);
    if (!screen) {
      const file = prerenderedShell(request);
      // The prerendered screen differs by language: a cache keeps one per cookie and Accept-Language.
      if (file) void reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      return reply.header('Cache-Control', 'no-cache').sendFile(file ?? 'index.html');
    }
    // The page differs by who is signed in: no shared cache may keep it.
    void reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
    const requests = firstScreenRequests[screen.pattern]!(screen.params, new URLSearchParams(query));
    const answers = request.headers.cookie ? await firstAnswers([...requests, ...topBarRequests], request.headers.cookie) : null;
    // The plain shell is the same for everyone: its compressed bytes are kept with its bytes.
    const page = answers ? firstScreenPage(screen.pattern, requests, answers, shellLanguage(request)) : shellBytes;
    const body = await new Promise<string | Buffer>((resolve) => compressText(request, reply, page, resolve));
    return reply.type('text/html; charset=utf-8').send(body);
  }
  app.decorate('sendShell', sendShell);
});

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a client route with the built client's shell: the copy the build wrote for that route
     * (login.html), or index.html with a main screen's first answers (set when a built client is served).
     */
    sendShell?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}
