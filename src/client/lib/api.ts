// The API client of spec section 7: credentials included, JSON bodies, { message } errors,
// and any 401 sends the user to /login.
import { onlineManager } from '@tanstack/react-query';
import { distributorFromHost } from '../../shared/enums';
import { currentLanguage } from '../i18n/current';
import { pathOf, type BodyIn, type Endpoint, type ParamsIn, type QueryIn, type ResponseOf } from '../../shared/endpoint';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

const PUBLIC_PREFIXES = ['/login', '/register', '/password-update', '/terms', '/privacy', '/emailverified', '/unverifiedprofile', '/unsubscribe'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Set by the router so a 401 can navigate without a full reload. */
let onUnauthorized: () => void = () => {
  if (!isPublicPath(window.location.pathname)) window.location.assign('/login');
};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export const distributorId = () => distributorFromHost(window.location.hostname);

/**
 * Runs before every request; false stops it as if offline. The offline layer uses it so that a
 * sign-out made with no network reaches the server before anything else is sent.
 */
let requestGate: () => Promise<boolean> = async () => true;
export function setRequestGate(gate: () => Promise<boolean>) {
  requestGate = gate;
}
/** Whether the page may talk to the server now (the gate above); the page's first answers wait for it too. */
export const requestAllowed = () => requestGate();

const OFFLINE_MESSAGE = 'You appear to be offline. Please check your connection.';

// A read still waiting when the reachability check finds the server unreachable is given up: on a
// link that answers nothing it would wait for minutes, and the query could not resume. It fails as
// offline, so TanStack Query holds it and asks again once the server answers.
const waitingReads = new Set<AbortController>();
onlineManager.subscribe((online) => {
  if (!online) waitingReads.forEach((c) => c.abort());
});

export interface ApiOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Don't redirect on 401 (the login call answers 401 for a wrong password). */
  allowUnauthorized?: boolean;
  signal?: AbortSignal;
}

export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  // The server answers its messages in the language the screen shows.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...opts.headers };
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (!(await requestGate())) throw new ApiError(0, OFFLINE_MESSAGE);
  const method = opts.method ?? (opts.body !== undefined ? 'POST' : 'GET');
  const read = method === 'GET' ? new AbortController() : null;
  const stopRead = () => read?.abort();
  if (read) {
    waitingReads.add(read);
    if (opts.signal?.aborted) read.abort();
    opts.signal?.addEventListener('abort', stopRead);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: read ? read.signal : opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError' && (!read || opts.signal?.aborted)) throw err;
    throw new ApiError(0, OFFLINE_MESSAGE);
  } finally {
    if (read) {
      waitingReads.delete(read);
      opts.signal?.removeEventListener('abort', stopRead);
    }
  }
  if (res.status === 401 && !opts.allowUnauthorized) onUnauthorized();
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const message = (data as { message?: unknown } | null)?.message;
    throw new ApiError(res.status, typeof message === 'string' && message ? message : 'Invalid response');
  }
  return data as T;
}

type CallInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer _R>
    ? (P extends undefined ? { params?: undefined } : { params: ParamsIn<P> }) &
        (Q extends undefined ? { query?: undefined } : { query?: QueryIn<Q> }) &
        (B extends undefined ? { body?: FormData } : { body: BodyIn<B> })
    : never;

/**
 * Call one endpoint of the shared contract: the URL is built from its path and params, the method
 * is its own, and the answer has the response schema's type. `input` is left out when the endpoint
 * takes nothing.
 */
export function call<E extends Endpoint>(
  ep: E,
  ...[input, opts]: Record<never, never> extends CallInput<E> ? [input?: CallInput<E>, opts?: Omit<ApiOptions, 'method' | 'body'>] : [input: CallInput<E>, opts?: Omit<ApiOptions, 'method' | 'body'>]
): Promise<ResponseOf<E>> {
  const i = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, string | number | boolean | null | undefined>; body?: unknown };
  return api<ResponseOf<E>>(pathOf(ep, i.params, i.query), { ...opts, method: ep.method, body: i.body });
}
