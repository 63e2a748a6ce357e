// The signed-in user (GET /api/users/me), shared by the shell and every feature that needs the
// user's id, roles or flags. Features import it from here (features never import each other).
import { onlineManager, queryOptions, useIsRestoring, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Me } from '../../shared/schemas/users';
import { call, ApiError, isPublicPath } from './api';
import { getMe as meEndpoint } from '../../shared/endpoints/auth';
import { apiUrl } from '../../shared/first-answers';
import { takeFirstAnswer } from './first-answers';
import { followAccount } from '../i18n';

export type { Me } from '../../shared/schemas/users';

export const meQueryKey = ['me'] as const;
const ME_URL = apiUrl.me;

/** The signed-in user, or null when there is no session. */
export async function getMe(): Promise<Me | null> {
  // The page's first check, asked as the app started (askMeEarly), answers the first call.
  const early = earlyAnswer;
  earlyAnswer = null;
  const me = await (early && Date.now() - early.at < EARLY_ANSWER_MS ? early.answer : askServer());
  answeredThisLoad = true;
  return me;
}

/**
 * Who is signed in, asked of the server now: after a sign-in the answer asked at start (from
 * before it) must not stand in for it.
 */
export async function getMeNow(): Promise<Me | null> {
  earlyAnswer = null;
  const me = await askServer();
  answeredThisLoad = true;
  return me;
}

/** How long the answer asked at start may stand in for a fresh one. */
const EARLY_ANSWER_MS = 5_000;
let earlyAnswer: { at: number; answer: Promise<Me | null> } | null = null;

/**
 * Called once at start (main.tsx): the pages that wait for the server's answer (the guard of the
 * signed-in pages and the login screen, see useSessionMe) get it sooner when it is asked before the
 * route's code and the persisted cache have loaded, alongside them rather than after (or taken from
 * the page, when the server wrote it there).
 */
export function askMeEarly(pathname: string) {
  if (isPublicPath(pathname) && pathname !== '/login') return;
  // The server may have written its answer into the page (lib/first-answers.ts).
  const answer = takeFirstAnswer<Me>(ME_URL).then((given) => {
    if (!given) return askServer();
    followAccount(given.language);
    return given;
  });
  // A failed check (offline) stands in for nothing: the guard asks again when it can.
  answer.catch(() => {
    if (earlyAnswer?.answer === answer) earlyAnswer = null;
  });
  earlyAnswer = { at: Date.now(), answer };
  firstAnswer = answer;
}

let firstAnswer: Promise<Me | null> | null = null;

/**
 * The answer asked at start (null when none was), without taking it from the guard: a route's
 * loader may start its first request as soon as the server has said someone is signed in.
 */
export const firstMeAnswer = () => firstAnswer;

async function askServer(): Promise<Me | null> {
  try {
    const me = await call(meEndpoint, {}, { allowUnauthorized: true });
    // The account's language follows the user to this device.
    followAccount(me?.language);
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Whether the server has answered /api/users/me since this page loaded (see useSessionMe). */
let answeredThisLoad = false;
/** Whether the guard went on with the cached user because the server could not be reached. */
let wentOnWithoutServer = false;

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/**
 * For the guard and the login screen: the user as the server sees it now. The cache (persisted
 * for offline use) may hold a user from before a logout or a null from before a login, so the
 * first render after a page load waits for one fresh answer; offline, the cached user stays.
 */
export function useSessionMe() {
  const me = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  // The reachability check (offline/online.ts) found the server unreachable, or answering nothing
  // (a request may hang there rather than fail): go on with the cached user, once restored, and stay on.
  const reachable = useSyncExternalStore((cb) => onlineManager.subscribe(cb), () => onlineManager.isOnline(), () => true);
  const restoring = useIsRestoring();
  if (!reachable && !restoring) wentOnWithoutServer = true;
  // Restored data carries its old update counters, so the query's own flags cannot tell restored
  // from fresh: wait until the server answered once, or the check failed (offline: keep the cache).
  // Offline the refetch pauses (TanStack's networkMode 'online') and never settles: go on with the
  // cached user (or none, which leads to the login page).
  const checking = !answeredThisLoad && !wentOnWithoutServer && !(me.isError && me.fetchStatus === 'idle') && me.fetchStatus !== 'paused';
  return { ...me, checking };
}
