// A screen written into the HTML at build time (dist/login.html, see scripts/vite-prerender.ts)
// shows before the app's script has loaded; the app then renders the same screen over it. What the
// user typed there, up to the moment the app's screen replaced it, and the field they were in,
// carry over to the app's own form.

export interface Prerendered {
  /** The HTML's own inputs (by then off the page, they still hold what was typed). */
  inputs: HTMLInputElement[];
  /** The id of the HTML's field that last had the focus, if one did. */
  focusedId(): string | null;
  /** Done: the screen is the app's own from now on. */
  release(): void;
}

let kept: Prerendered | null | undefined;

/**
 * Call during the app's first render of `page`, while the HTML's copy is still on screen: keeps
 * hold of its fields. Null when this page load did not start with that screen (or it was taken).
 */
export function keepPrerendered(page: string): Prerendered | null {
  if (typeof document === 'undefined') return null;
  if (kept !== undefined) return kept;
  const root = document.querySelector<HTMLElement>(`#root[data-prerendered="${page}"]`);
  if (!root) return (kept = null);
  let focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.id || null : null;
  const onFocus = (event: FocusEvent) => {
    focused = (event.target as HTMLElement).id || null;
  };
  root.addEventListener('focusin', onFocus);
  kept = {
    inputs: Array.from(root.querySelectorAll('input')),
    focusedId: () => focused,
    release() {
      root.removeEventListener('focusin', onFocus);
      root.removeAttribute('data-prerendered');
      kept = null;
    },
  };
  return kept;
}
