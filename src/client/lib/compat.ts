// Stand-ins for web APIs iPadOS 15 Safari lacks: a trainer's iPad may stay on iPadOS 15,
// and one missing function on the sync path made the app believe it was offline forever there.
// Feature-detected; the native API is used wherever it exists. Safe in the service worker.

/** AbortSignal.timeout (Safari 16+) or an AbortController with a timer. */
export function timeoutSignal(ms: number): AbortSignal {
  const native = (AbortSignal as unknown as { timeout?: (ms: number) => AbortSignal }).timeout;
  if (typeof native === 'function') return native.call(AbortSignal, ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
}

/** crypto.randomUUID (Safari 15.4+) or a version 4 UUID from crypto.getRandomValues. */
export function randomId(): string {
  const c = globalThis.crypto as Crypto & { randomUUID?: () => string };
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
