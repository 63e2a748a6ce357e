// Vite build plugin: writes dist/login.html, the app's index.html with the login screen already
// in #root (src/client/prerender/login.tsx, rendered here in Node by a nested SSR build), once per
// language: login.html in English, login.<language>.html in the others (login.de.html), each with
// its <html lang>. The server sends the one in the visitor's language for /login
// (src/server/plugins/static-client.ts): the form paints with the HTML, before the app's script
// has loaded, which is what a phone on a slow network waits for.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The element the app renders into, as index.html has it (with its boot splash inside). */
const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/;

/** The languages written, the first (English) as login.html. Keep in step with shared/languages.ts. */
const LANGUAGES = ['en', 'de'] as const;

/** index.html with `markup` in #root instead of the boot splash, marked so the app can find it, in `language`. */
function withPrerendered(indexHtml: string, markup: string, page: string, language: string): string {
  if (!ROOT.test(indexHtml)) throw new Error('prerender: no <div id="root"> with its boot splash in index.html');
  if (!/<html lang="[a-z]+"/.test(indexHtml)) throw new Error('prerender: no <html lang> in index.html');
  return indexHtml.replace(/<html lang="[a-z]+"/, `<html lang="${language}"`).replace(ROOT, () => `<div id="root" data-prerendered="${page}">${markup}</div>`);
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-login',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    // After Vite's own HTML plugin has put index.html in the bundle.
    generateBundle: { order: 'post', async handler(_options, bundle) {
      if (config.build.ssr) return;
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const outDir = path.join(config.root, 'node_modules', '.prerender');
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        plugins: [react()],
        build: { ssr: 'src/client/prerender/login.tsx', outDir, emptyOutDir: true, minify: false, target: 'node20' },
      });
      const { render } = (await import(pathToFileURL(path.join(outDir, 'login.js')).href)) as { render: (language: string) => Promise<string> };
      for (const [i, language] of LANGUAGES.entries()) {
        const fileName = i === 0 ? 'login.html' : `login.${language}.html`;
        let html = withPrerendered(String(index.source), await render(language), 'login', language);
        // A language other than English is a chunk of its own (client/i18n/resources.ts): it
        // downloads beside the app's script, which renders once it is there.
        const catalogue = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/src/client/i18n/resources-${language}.ts`));
        if (catalogue) html = html.replace('</head>', () => `<link rel="modulepreload" crossorigin href="/${catalogue.fileName}"></head>`);
        this.emitFile({ type: 'asset', fileName, source: html });
      }
      await fs.rm(outDir, { recursive: true, force: true });
    } },
  };
}
