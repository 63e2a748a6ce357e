// Signed, expiring URLs for downloads and thumbnails: /api/files/<key>?exp=&name=&disp=&sig=
import { hmac, safeEqual } from '../lib/crypto.js';

export interface SignOptions {
  /** File name offered to the browser. */
  fileName?: string;
  /** 'attachment' for downloads (default), 'inline' for thumbnails and previews. */
  disposition?: 'attachment' | 'inline';
  expiresInSeconds?: number;
}

export function signFileUrl(secret: string, key: string, opts: SignOptions = {}): string {
  const exp = Math.floor(Date.now() / 1000) + (opts.expiresInSeconds ?? 3600);
  const disp = opts.disposition ?? 'attachment';
  const name = opts.fileName ?? key.split('/').pop() ?? 'file';
  const sig = hmac(secret, `${key}\n${exp}\n${disp}\n${name}`);
  const q = new URLSearchParams({ exp: String(exp), disp, name, sig });
  return `/api/files/${key.split('/').map(encodeURIComponent).join('/')}?${q}`;
}

export function verifyFileUrl(secret: string, key: string, q: { exp?: string; disp?: string; name?: string; sig?: string }): boolean {
  if (!q.exp || !q.disp || !q.name || !q.sig) return false;
  if (Number(q.exp) < Date.now() / 1000) return false;
  return safeEqual(hmac(secret, `${key}\n${q.exp}\n${q.disp}\n${q.name}`), q.sig);
}
