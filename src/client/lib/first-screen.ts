// Work the first screen does not need (the offline database's code, the parts lazyNow fetches
// ahead, the debrief hand-over) waits until that screen has been painted: on a slow phone it would
// otherwise compete with the screen for the network and the main thread. The route guards say when
// the screen is there (useFirstScreen); a time limit starts the work anyway.
import { useEffect } from 'react';
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

/**
 * Resolves once the first screen has been painted, in a task of its own: each piece of work that
 * waited for the screen starts apart from the others (starting a download costs main-thread time).
 */
export const afterFirstScreen = (): Promise<void> => firstScreenShown.then(yieldToMain);

/** Marks the first screen as rendered once `ready` (its content, not a spinner, is on screen). */
export function useFirstScreen(ready = true) {
  useEffect(() => {
    if (!ready) return;
    // After the next paint: a frame, then a task.
    if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(shown, 0));
    else setTimeout(shown, 0);
  }, [ready]);
}
