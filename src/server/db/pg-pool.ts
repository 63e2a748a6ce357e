// The PostgreSQL pool's resilience: bounded waits, so a database that is down or silent is an
// error within seconds (the error handler answers 503) rather than a request that hangs, and no
// connection error ever reaches an 'error' event without a listener (which would end the process).
import pg from 'pg';

export interface PgTimeouts {
  /** Waiting for a connection (a new one, or a free one of the pool): past this the query fails. */
  connectTimeoutMs: number;
  /**
   * One query's answer: past this the client gives up (query_timeout) and the server cancels it
   * (statement_timeout). 0: no limit (migrations).
   */
  queryTimeoutMs: number;
}

export const DEFAULT_PG_TIMEOUTS: PgTimeouts = { connectTimeoutMs: 2000, queryTimeoutMs: 2500 };

type Log = (err: Error, what: string) => void;

/**
 * A pool whose clients all carry an 'error' listener for their whole life: node-postgres removes
 * the pool's own listener while a client is checked out, and a connection cut then (between two
 * queries of a transaction, or while a lock is held) would otherwise throw. Such a client is not
 * queryable afterwards, so its next query fails and the pool drops it on release.
 */
export function resilientPool(config: pg.PoolConfig, timeouts: PgTimeouts, log: Log = () => undefined): pg.Pool {
  const pool = new pg.Pool({
    ...config,
    connectionTimeoutMillis: timeouts.connectTimeoutMs || undefined,
    ...(timeouts.queryTimeoutMs ? { query_timeout: timeouts.queryTimeoutMs, statement_timeout: timeouts.queryTimeoutMs } : {}),
    // A peer that vanished without closing (a failover, a cut network) is noticed by TCP keep-alive.
    keepAlive: true,
  });
  pool.on('error', (err) => log(err, 'an idle database connection failed'));
  pool.on('connect', (client) => {
    client.on('error', (err) => log(err, 'a database connection failed'));
  });
  return pool;
}
