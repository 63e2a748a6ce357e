// The app's dropdown menus are <details className="dropdown"> elements (user menu, notifications,
// device info, post and group "⋯" menus, Add Scenario, Decline). A <details> closes only when its
// summary is clicked again, so these listeners give them what a menu is expected to do: one open at
// a time, closed by a click or tap outside it, and by Escape (focus goes back to its summary).
import { useEffect } from 'react';

const OPEN_DROPDOWNS = 'details.dropdown[open]';

function openDropdowns(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>(OPEN_DROPDOWNS)];
}

/** Installs the listeners while the calling component is mounted (the signed-in layout). */
export function useDropdownDismiss(): void {
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target instanceof Node ? e.target : null;
      for (const d of openDropdowns()) if (!target || !d.contains(target)) d.open = false;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = openDropdowns();
      if (!open.length) return;
      const withFocus = open.find((d) => d.contains(document.activeElement));
      for (const d of open) d.open = false;
      withFocus?.querySelector('summary')?.focus();
    };
    // 'toggle' does not bubble: listen in the capture phase. Opening one closes the others (a menu
    // opened from the keyboard, or nested in a card whose click never reached the document).
    const onToggle = (e: Event) => {
      const opened = e.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || !opened.matches('details.dropdown')) return;
      for (const d of openDropdowns()) if (d !== opened && !d.contains(opened)) d.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('toggle', onToggle, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('toggle', onToggle, true);
    };
  }, []);
}
