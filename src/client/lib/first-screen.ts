// Work the first screen does not need (the offline database's code, the parts lazyNow fetches
// ahead, the debrief hand-over) waits until that screen has been painted: on a slow phone it would
// otherwise compete with the screen for the network and the main thread. The route guards say when
// the screen is there (useFirstScreen), and the browser when it has been painted; a time limit
// starts the work anyway.
import { useEffect, useState } from 'react';
import { yieldToMain } from './yield';

/** The latest the waiting work starts, after the app's script ran. */
const LIMIT_MS = 3_000;

let shown: () => void = () => undefined;
/** Resolves once the first screen has been painted (or LIMIT_MS after start). */
export const firstScreenShown = new Promise<void>((resolve) => {
  shown = resolve;
  // (Not in the build's rendering of the login screen, which must not keep Node waiting.)
  if (!import.meta.env.SSR) setTimeout(resolve, LIMIT_MS);
});

let painted = false;
void firstScreenShown.then(() => (painted = true));

/**
 * Whether the first screen has been painted (false until then, during the first load only): what a
 * screen shows below its first view asks for its data once it is true.
 */
export function useFirstScreenShown(): boolean {
  const [shown, setShown] = useState(painted);
  useEffect(() => {
    if (!shown) void firstScreenShown.then(() => setShown(true));
  }, [shown]);
  return shown;
}

/**
 * Resolves once the first screen has been painted, in a task of its own: each piece of work that
 * waited for the screen starts apart from the others (starting a download costs main-thread time).
 */
export const afterFirstScreen = (): Promise<void> => firstScreenShown.then(yieldToMain);

/**
 * How long to wait for the browser to report the screen's largest paint: none comes when nothing on
 * the screen is larger than what the page showed before (or after a tap).
 */
const PAINT_REPORT_MS = 500;

/**
 * Calls `then` once the screen just rendered has been painted. Where the browser reports its largest
 * paint, once it reports one of an element still on the page (the boot splash's are gone): a frame
 * is shown some time after the main thread drew it (it is rastered and its pictures decoded first),
 * and work started after the drawing alone would still compete with the showing. Elsewhere after
 * the next frame.
 */
function afterPaint(then: () => void) {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') return void setTimeout(then, 0);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return void requestAnimationFrame(() => setTimeout(then, 0));
  let called = false;
  const done = () => {
    if (called) return;
    called = true;
    observer.disconnect();
    clearTimeout(timer);
    setTimeout(then, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element?.isConnected)) done();
  });
  const timer = setTimeout(done, PAINT_REPORT_MS);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Marks the first screen as rendered once `ready` (its content, not a spinner, is on screen). */
export function useFirstScreen(ready = true) {
  useEffect(() => {
    if (ready) afterPaint(shown);
  }, [ready]);
}
