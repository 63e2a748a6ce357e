// Every screen has its own document title, set here and nowhere else: the deepest route with a
// `handle: { title }` names the screen (a key of the common catalogue's 'titles', shown in the
// user's language), and a view screen puts its item's name in its place (useItemTitle). After a navigation inside the app the new title is announced through a polite
// live region and the focus moves to the new screen's main heading, as a page load would do.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { resources } from '../i18n/resources';

export const SITE_NAME = 'REALITi Community';

/** A screen's name: a key of the 'titles' section of the common catalogue. */
export type TitleKey = keyof (typeof resources)['en']['common']['titles'];

/** What a route definition carries in its `handle`. */
export interface ScreenHandle {
  title: TitleKey;
}

export const documentTitle = (screen: string) => `${screen} - ${SITE_NAME}`;

// The item a view screen shows, for the path it shows it on.
let item: { path: string; name: string } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** A view screen's title is its item's name (the route's own title until that name is known). */
export function useItemTitle(name: string | null | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!name) return;
    const mine = { path: pathname, name };
    item = mine;
    emit();
    return () => {
      if (item === mine) {
        item = null;
        emit();
      }
    };
  }, [name, pathname]);
}

function screenTitle(matches: ReturnType<typeof useMatches>): TitleKey | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as Partial<ScreenHandle> | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

// How long a screen may take to show its heading (its data loading) before the focus stays put.
const HEADING_WAIT_MS = 10_000;
const ANNOUNCE_DELAY_MS = 200;

/** The root route's element: titles, announces and focuses every screen below it. */
export function ScreenTitle() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const named = useSyncExternalStore(subscribe, () => item, () => null);
  const { t } = useTranslation('common');
  const titleKey = screenTitle(matches);
  const screen = named && named.path === pathname ? named.name : titleKey && t(`titles.${titleKey}`);
  const title = screen ? documentTitle(screen) : SITE_NAME;
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    document.title = title;
  }, [title]);

  // A new screen (not the first one: the browser reads a loaded page's title itself).
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    const from = document.activeElement;
    let announceTimer: ReturnType<typeof setTimeout> | undefined;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      // The focus moves only when nothing else took it meanwhile (a field the screen focuses
      // itself, or the user tabbing on).
      const active = document.activeElement;
      if (!active || active === from || active === document.body || !active.isConnected) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
      // Read once the screen has named its item (its effects run after this DOM change).
      announceTimer = setTimeout(() => setAnnounced(document.title), ANNOUNCE_DELAY_MS);
      return true;
    };
    if (focusHeading()) return () => clearTimeout(announceTimer);
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      setAnnounced(document.title);
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      stop();
      clearTimeout(announceTimer);
    };
  }, [pathname]);

  return (
    <>
      <Outlet />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="screen-announcer">
        {announced}
      </div>
    </>
  );
}
