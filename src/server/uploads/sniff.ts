// Content sniffing on the first bytes of an upload (<= 4100). Extensions lie; these checks make
// sure a '.png' is a PNG and not an HTML page, and a scenario is a ZIP or JSON (DESIGN section 8).

/** ZIP local file header 'PK\x03\x04' (also an empty archive 'PK\x05\x06'). */
export function isZip(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0x50 || head[1] !== 0x4b) return false;
  return (head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06);
}

/** The first non-whitespace byte (after an optional UTF-8 BOM) is '{' or '['. */
export function looksLikeJson(head: Buffer): boolean {
  let i = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) i = 3;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] === 0x7b || head[i] === 0x5b;
}

export type ImageType = 'png' | 'jpeg' | 'gif' | 'bmp';

export function imageTypeOf(head: Buffer): ImageType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6) {
    const sig = head.subarray(0, 6).toString('latin1');
    if (sig === 'GIF87a' || sig === 'GIF89a') return 'gif';
  }
  // 'BM', then the file size and two reserved 16-bit zeros at offset 6.
  if (head.length >= 14 && head[0] === 0x42 && head[1] === 0x4d && head.readUInt32LE(6) === 0) return 'bmp';
  return null;
}


export type VideoType = 'mp4' | 'm4v' | 'mov';

/** ISO base media (MP4/M4V/QuickTime): a box of type 'ftyp' at offset 4 (old QuickTime: 'moov'/'mdat'/'wide'/'free'). */
export function isoMediaVideoType(head: Buffer): VideoType | null {
  if (head.length < 12) return null;
  const box = head.subarray(4, 8).toString('latin1');
  if (box === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand === 'qt  ') return 'mov';
    if (brand.startsWith('M4V')) return 'm4v';
    return 'mp4';
  }
  if (box === 'moov' || box === 'mdat' || box === 'wide' || box === 'free' || box === 'skip') return 'mov';
  return null;
}

export function isIsoMediaVideo(head: Buffer): boolean {
  return isoMediaVideoType(head) !== null;
}


/** Markup a browser could render as a page: refused wherever an image or video is expected. */
export function looksLikeMarkup(head: Buffer): boolean {
  const text = head.subarray(0, 1024).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
  if (text.startsWith('<?xml') || text.startsWith('<!--')) return /<(svg|html|script)\b/.test(text) || text.includes('<!doctype');
  return /^<(svg|html|script|!doctype|head|body|iframe)\b/.test(text) || /<(svg|html|script)[\s>]/.test(text);
}
