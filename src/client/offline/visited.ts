// The pages this device opened while the server answered, for the 'Not available offline' card:
// their data is in the kept query cache, so they open offline. Kept in localStorage per user (a
// shared iPad shows each user only their own), the newest first, a short list; a sign-out forgets
// the user's list.
import { useEffect } from 'react';
import { isPublicPath } from '../lib/api';
import { onlineManager } from '@tanstack/react-query';

const KEY = 'community-visited-pages';
const MAX = 12;
const TITLE_SUFFIX = / - REALITi Community$/;

export interface VisitedPage {
  user: string;
  path: string;
  title: string;
}

function read(): VisitedPage[] {
  try {
    const list = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as VisitedPage[]).filter((v) => v && typeof v.path === 'string' && typeof v.title === 'string') : [];
  } catch {
    return [];
  }
}

function write(list: VisitedPage[]) {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage refused (private mode): the card shows the favourites only.
  }
}

/** Note that `user` opened `path` (titled `title`) with the server reachable. */
export function recordVisit(user: string, path: string, title: string) {
  const name = title.replace(TITLE_SUFFIX, '').trim();
  if (!name || path === '/logout' || isPublicPath(path)) return;
  const rest = read().filter((v) => !(v.user === user && v.path === path));
  write([{ user, path, title: name }, ...rest.filter((v) => v.user === user).slice(0, MAX - 1), ...rest.filter((v) => v.user !== user)]);
}

/** The pages `user` opened online on this device, newest first. */
export const visitedPages = (user: string): VisitedPage[] => read().filter((v) => v.user === user);

/** Sign-out: forget the user's pages. */
export function forgetVisits(user: string) {
  write(read().filter((v) => v.user !== user));
}

/**
 * Records each screen the signed-in user opens while the server is reachable, under the title it
 * ends up with (a view screen's title becomes its item's name once that has loaded).
 */
export function useVisitedLog(user: string | undefined) {
  useEffect(() => {
    if (!user || typeof document === 'undefined') return;
    const note = () => {
      if (onlineManager.isOnline()) recordVisit(user, window.location.pathname + window.location.search, document.title);
    };
    note();
    const title = document.querySelector('title');
    if (!title) return;
    const observer = new MutationObserver(note);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [user]);
}
