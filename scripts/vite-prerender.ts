// Vite build plugin: writes dist/login.html, the app's index.html with the login screen already
// in #root (src/client/prerender/login.tsx, rendered here in Node by a nested SSR build). The
// server sends it for /login (src/server/plugins/static-client.ts): the form paints with the HTML,
// before the app's script has loaded, which is what a phone on a slow network waits for.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The element the app renders into, as index.html has it (with its boot splash inside). */
const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/;

/** index.html with `markup` in #root instead of the boot splash, marked so the app can find it. */
function withPrerendered(indexHtml: string, markup: string, page: string): string {
  if (!ROOT.test(indexHtml)) throw new Error('prerender: no <div id="root"> with its boot splash in index.html');
  return indexHtml.replace(ROOT, () => `<div id="root" data-prerendered="${page}">${markup}</div>`);
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
      const { render } = (await import(pathToFileURL(path.join(outDir, 'login.js')).href)) as { render: () => string };
      this.emitFile({ type: 'asset', fileName: 'login.html', source: withPrerendered(String(index.source), render(), 'login') });
      await fs.rm(outDir, { recursive: true, force: true });
    } },
  };
}
