// A store for @fastify/rate-limit backed by the rate_limits table (the same counters the sign-in
// and e-mail limits use), so every server process sharing the database counts the same calls.

/** The counters the store reads and bumps (the auth feature's rate_limits repository). */
export interface RateLimitCounters {
  hitLimit(key: string, windowMs: number): Promise<{ hits: number; window_start: string }>;
  peekLimit(key: string, windowMs: number): Promise<{ hits: number; window_start: string } | undefined>;
}

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** What child() reads of the route options @fastify/rate-limit passes. */
type RouteOptions = object & { routeInfo?: { method?: string | string[]; url?: string } };

/** The class @fastify/rate-limit instantiates (`store` option); bound to the counters. */
export function databaseRateLimitStore(repo: RateLimitCounters) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      repo.hitLimit(`${this.prefix}${key}`, timeWindow).then(
        ({ hits, window_start }) => cb(null, { current: hits, ttl: Math.max(0, Date.parse(window_start) + timeWindow - Date.now()) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: IncrCallback, timeWindow: number): void {
      repo.peekLimit(`${this.prefix}${key}`, timeWindow).then(
        (row) => cb(null, row ? { current: row.hits, ttl: Math.max(0, Date.parse(row.window_start) + timeWindow - Date.now()) } : { current: 0, ttl: timeWindow }),
        (err: Error) => cb(err),
      );
    }

    /** One counter space per route: the same client counts separately on each limited route. */
    child(routeOptions: RouteOptions) {
      const info = routeOptions.routeInfo;
      return new DatabaseRateLimitStore(undefined, `route:${String(info?.method ?? '')} ${info?.url ?? ''}:`);
    }
  };
}
