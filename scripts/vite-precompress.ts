// Vite build plugin: writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) next to
// every compressible file of the build output, once the whole output is written (including the
// service worker, which vite-plugin-pwa writes when the bundle closes). The server sends them with
// Content-Encoding to clients that accept it (src/server/plugins/static-client.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images, fonts (woff2) and media are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico|wasm)$/i;
/** Smaller files gain nothing measurable and may grow. */
export const MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    // Dot folders (.vite: the build manifest) are not served.
    entries.filter((e) => !e.name.startsWith('.')).map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Compresses every compressible file under `dir`; returns how many files were compressed. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const buf = await fs.readFile(file);
      if (buf.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(buf, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(buf, { level: 9 }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      count++;
    }),
  );
  return count;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr || config.build.write === false) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const started = Date.now();
        const count = await precompressDir(outDir);
        config.logger.info(`precompressed ${count} files (br, gz) in ${Date.now() - started} ms`);
      },
    },
  };
}
