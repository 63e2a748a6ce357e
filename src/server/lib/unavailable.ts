// Failures of what the app depends on (the database, the file store, the disk) rather than of the
// request: answered 503 with Retry-After (the client may try again shortly), or 507 when storage
// is full, never a 500 and never a crash.

/** How long a client is asked to wait before trying again while a dependency is down (seconds). */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.';
export const OUT_OF_SPACE_MESSAGE = 'The server is out of storage space';

/** Network errors of a connection that could not be made, was cut, or got no answer. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'ESOCKETTIMEDOUT']);

/**
 * PostgreSQL SQLSTATEs of a database that is going away or not there: class 08 (connection
 * exceptions: 08001 cannot connect, 08006 connection failure...), 57P01-57P03 (shut down by the
 * administrator, crashed, cannot connect now), 53300 (too many connections), 57014 (cancelled by
 * statement_timeout: the database did not answer in time).
 */
function isPgUnavailable(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code === '57014';
}

/** What node-postgres and its pool say when the server does not answer or the connection is gone. */
const PG_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated due to connection timeout',
];

/** SQLite busy or locked past busy_timeout: the database is there but cannot take the write now. */
const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED']);

/** S3 answers that mean "not now" (the SDK's own retries already gave up). */
const S3_UNAVAILABLE = new Set(['ServiceUnavailable', 'SlowDown', 'RequestTimeout', 'TimeoutError', 'InternalError', 'RequestTimeTooSkewed']);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
}

function check(err: unknown, depth: number): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || SQLITE_BUSY.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && isPgUnavailable(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (PG_MESSAGES.some((m) => message.startsWith(m))) return true;
  if (typeof e.name === 'string' && S3_UNAVAILABLE.has(e.name)) return true;
  const status = e.$metadata?.httpStatusCode;
  if (status === 502 || status === 503 || status === 504) return true;
  // AggregateError (several addresses refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some((x) => check(x, depth + 1))) return true;
  return check(e.cause, depth + 1);
}

/** True when `err` says a dependency (database, file store) cannot be reached or did not answer. */
export function isUnavailableError(err: unknown): boolean {
  return check(err, 0);
}

/** True when `err` is the disk running out of space (or of quota). */
export function isOutOfSpaceError(err: unknown): boolean {
  let e = err as ErrorLike | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
    e = e.cause as ErrorLike | undefined;
  }
  return false;
}
