import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.js';
import { prerender } from './scripts/vite-prerender.js';
import { clientContract } from './scripts/vite-client-contract.js';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [
    react(),
    // The endpoint definitions without their schemas: the browser calls by method and path.
    clientContract(),
    // dist/login.html, login.de.html: the login screen in the HTML, per language, for the first paint of /login.
    prerender(),
    // The offline PWA (DESIGN section 6): service worker from sw/sw.ts with the precache manifest
    // injected, the web app manifest, and an update prompt (registerType 'prompt').
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/client/offline/update-prompt.tsx registers the worker through virtual:pwa-register/react.
      injectRegister: false,
      // The worker is off in `npm run dev`: a caching worker would serve stale modules against Vite's
      // HMR and hide API changes; the offline behaviour is tested against the production build.
      devOptions: { enabled: false },
      // The glob below already precaches the icons and the favicon.
      includeManifestIcons: false,
      injectManifest: {
        // One classic script with everything inlined: the worker is registered as a classic worker,
        // and the plugin's 'es' build passes Rolldown the deprecated inlineDynamicImports option.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Device and patient pictures are cached as they are seen (sw/sw.ts), not all up front; the
        // precompressed copies (.br, .gz) are for the server to send, the worker caches the plain files.
        // login.html and login.de.html (the login screen written in at build time, one per language)
        // are for a first visit, from the server in the visitor's language; the worker answers every
        // navigation with index.html, which holds no words, and the app paints the login in its language.
        globIgnores: ['thumbnails/**', '**/*.br', '**/*.gz', 'login.html', 'login.*.html'],
      },
      manifest: {
        id: '/',
        name: 'REALITi Community',
        short_name: 'Community',
        description: 'Share simulation scenarios and media, talk with other educators.',
        start_url: '/feed',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b5c7a',
        background_color: '#f3f6f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png' },
        ],
      },
    }),
    // Last: .br and .gz beside every text file of dist/, the service worker included.
    precompress(),
  ],
  // Trainers' iPads may stay on iPadOS 15: syntax newer than Safari 15 is lowered, and
  // the build fails rather than ship what Safari 15 cannot parse (Vite's default is Safari 16.4).
  // The manifest (dist/.vite/manifest.json, not served) lets the bundle bench follow each route's chunks.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    target: ['es2020', 'safari15', 'chrome100', 'firefox100', 'edge100'],
    // precompress() spends seconds on best-quality brotli after the bundle by design; Rolldown's
    // warning about slow plugin callbacks would only repeat that on every build.
    // The code the app's first script needs goes in one chunk, not a dozen small shared ones: on a
    // slow connection each file costs a round trip, and a phone's browser asks only a few at a time.
    // The tus client (tus-js-client, shared by the upload panel and the outbox's tus-upload.ts) is one
    // lazy chunk together with tus-upload.ts: that chunk imports from the first script, so Rolldown
    // keeps its module helpers there instead of a separate file every route would load first.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The endpoint definitions the first script does not hold (each a method and a path in the
            // browser: scripts/vite-client-contract.ts): one chunk rather than one per feature (a
            // screen needed a dozen of them, each a request). Schemas go with the forms that use them.
            { name: 'contract', test: /src[\\/]shared[\\/]endpoints[\\/]/ },
            { name: 'tus', test: /node_modules[\\/](tus-js-client|js-base64|url-parse|querystringify|requires-port)[\\/]|src[\\/]client[\\/]offline[\\/]tus-upload\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/uploads': `http://127.0.0.1:${apiPort}` },
  },
});
