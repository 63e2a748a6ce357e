// Database defaults the configuration names without loading the database code itself.
import { availableParallelism } from 'node:os';

/**
 * PostgreSQL connections per process when no setting names a number: enough for requests to run
 * their independent reads side by side on a small machine; processes x pool size must stay below
 * the server's max_connections (100 by default).
 */
export const DEFAULT_POOL_SIZE = 10;

/**
 * PostgreSQL connections per process for writes and transactions, a pool of their own beside the
 * read pool (db/pg-driver.ts) so a write never queues behind reads.
 */
export const DEFAULT_WRITE_POOL_SIZE = 8;

/**
 * Requests for a page (a GET through lib/route.ts) whose handlers run at once in a process; the rest
 * wait their turn, first come first served, while writes never wait for a turn. One a core (at
 * least two): on a 2-core machine, two pages at a time answered as many pages a second as four did,
 * on either database, and a post or favourite toggle made meanwhile shared the cores with two
 * pages' queries instead of four (its p99 under the mix on PostgreSQL 80 to 103 ms with four, 40 to
 * 61 ms with two).
 */
export const DEFAULT_READ_CONCURRENCY = Math.max(2, availableParallelism());

/** SQLite reader threads when no setting names a number: two, a small pool for a small machine. */
export const DEFAULT_READ_THREADS = 2;
