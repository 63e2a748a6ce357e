// Background work (the service worker's install, copying favourites for offline use) waits until
// the page has loaded and then `delayMs` more, in idle time: it must not compete with the first
// screen for the network or the main thread. Once that moment has passed, it waits for idle time only.
const now = () => performance.now();

/** How long after load background work waits. */
export const BACKGROUND_DELAY_MS = 5_000;

/** When the page's load event fired (when this module ran, if that was later), null before. */
let loadedAt: number | null = document.readyState === 'complete' ? now() : null;
const loaded = new Promise<void>((resolve) => {
  if (loadedAt !== null) return resolve();
  window.addEventListener(
    'load',
    () => {
      loadedAt = now();
      resolve();
    },
    { once: true },
  );
});

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout: 2_000 });
  else setTimeout(run, 0);
}

export function afterStartup(delayMs: number): Promise<void> {
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        const left = (loadedAt ?? 0) + delayMs - now();
        if (left > 0) setTimeout(() => whenIdle(resolve), left);
        else whenIdle(resolve);
      }),
  );
}
