// Database defaults the configuration names without loading the database code itself.

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
 * wait their turn, first come first served, while writes never wait for a turn. Four keep both
 * databases and both cores of a small machine busy; more only lengthens the queue a write joins.
 */
export const DEFAULT_READ_CONCURRENCY = 4;

/** SQLite reader threads when no setting names a number: two, a small pool for a small machine. */
export const DEFAULT_READ_THREADS = 2;
