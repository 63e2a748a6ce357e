// Whether this page has heard from the server who is signed in. A write made before the first
// answer (the native wrapper hands a debrief over as the app starts, say) waits for it, instead of
// being refused because the device has not recorded anyone yet. Only a page that asks the server
// (startOffline) waits; elsewhere (the service worker, tests of the outbox alone) there is nothing to wait for.
let settle: (() => void) | null = null;
let known: Promise<void> = Promise.resolve();

/** The page will ask the server who is signed in: writes with nobody recorded wait for the answer. */
export function expectSessionAnswer(): void {
  if (settle) return;
  known = new Promise<void>((resolve) => (settle = resolve));
}

/** The server's answer is recorded on the device (or it could not be had: the recorded user stands). */
export function markSessionKnown(): void {
  settle?.();
}

/** Resolves once the first answer is recorded, or after timeoutMs (a server that never answers). */
export function sessionKnown(timeoutMs = 10_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([known, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]).finally(() => clearTimeout(timer));
}
