// Generates the PWA icons (manifest 192/512, maskable 512, Apple touch 180) from public/favicon.svg.
// Run `node scripts/generate-icons.mjs` after changing the favicon; the PNGs are committed.
import fs from 'node:fs/promises';
import sharp from 'sharp';

const svg = await fs.readFile(new URL('../public/favicon.svg', import.meta.url));
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;
const theme = '#0b5c7a';

// The favicon has rounded corners; "any" icons keep them (transparent outside).
for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 64 }).resize(size, size).png().toFile(out(`icon-${size}.png`));
}

// Maskable: full-bleed theme background with the mark inside the 80% safe zone.
{
  const size = 512;
  const inner = Math.round(size * 0.72);
  const mark = await sharp(svg, { density: (72 * inner) / 64 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: theme } })
    .composite([{ input: mark, gravity: 'center' }])
    .png()
    .toFile(out('maskable-512.png'));
}

// Apple touch icon: iOS draws its own rounded corners and shows transparency as black, so fill it.
{
  const size = 180;
  const mark = await sharp(svg, { density: (72 * size) / 64 }).resize(size, size).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: theme } })
    .composite([{ input: mark }])
    .flatten({ background: theme })
    .png()
    .toFile(out('apple-touch-icon-180.png'));
}
console.log('icons written to public/icons/');
