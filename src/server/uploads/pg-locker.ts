// A tus locker that holds across server processes (PostgreSQL session-level advisory locks): one
// upload's consecutive PATCH/HEAD requests may reach different processes behind a load balancer,
// and only one at a time may touch the upload. Each held lock keeps its own pooled connection for
// its lifetime, so a process that dies mid-request (its connections closed) frees its locks with
// it. A request that finds the lock held asks the holder to let go (tus' release request), through
// NOTIFY when the holder is another process, and tries again until the timeout.
import crypto from 'node:crypto';
import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { DEFAULT_PG_TIMEOUTS, resilientPool, type PgTimeouts } from '../db/pg-pool.js';

const CHANNEL = 'tus_lock_release';
const RETRY_MS = 100;

export class PgAdvisoryLocker implements Locker {
  readonly pool: pg.Pool;
  /** Locks held in this process, by advisory key: the release request of the request holding each. */
  readonly held = new Map<string, RequestRelease>();
  private listener: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    databaseUrl: string,
    readonly timeoutMs = 30_000,
    timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS,
    log?: (err: Error, what: string) => void,
  ) {
    // Connections are opened only when a lock is first asked for. A lost connection (the database
    // restarting) fails the request holding it (503) and frees its lock with it, never the process.
    this.pool = resilientPool({ connectionString: databaseUrl, max: 50, idleTimeoutMillis: 10_000 }, timeouts, log);
  }

  newLock(id: string): Lock {
    return new PgAdvisoryLock(this, id);
  }

  /** The 64-bit advisory key of an upload id. */
  static key(id: string): string {
    return crypto.createHash('sha256').update(`tus-upload:${id}`).digest().readBigInt64BE(0).toString();
  }

  /** Listen for release requests from other processes (once, on first use). */
  listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = await this.pool.connect();
      let released = false;
      const drop = () => {
        if (released) return;
        released = true;
        client.release(true);
      };
      client.on('notification', (msg) => {
        if (msg.channel === CHANNEL && msg.payload) void this.held.get(msg.payload)?.();
      });
      // A lost listening connection is opened again by the next lock.
      client.on('error', () => {
        this.listener = null;
        drop();
      });
      try {
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        drop();
        throw err;
      }
      return client as unknown as pg.Client;
    })();
    const listening = this.listener;
    listening.catch(() => {
      if (this.listener === listening) this.listener = null;
    });
    return listening;
  }

  async requestRelease(key: string, client: pg.PoolClient): Promise<void> {
    const local = this.held.get(key);
    if (local) await local();
    else await client.query('SELECT pg_notify($1, $2)', [CHANNEL, key]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.listener) {
      const client = (await this.listener.catch(() => null)) as unknown as pg.PoolClient | null;
      try {
        client?.release(true);
      } catch {
        // Already dropped when its connection failed.
      }
    }
    await this.pool.end();
  }
}

class PgAdvisoryLock implements Lock {
  private client: pg.PoolClient | null = null;
  private release: RequestRelease | null = null;
  private readonly key: string;

  constructor(
    private readonly locker: PgAdvisoryLocker,
    id: string,
  ) {
    this.key = PgAdvisoryLocker.key(id);
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.locker.listen();
    const deadline = Date.now() + this.locker.timeoutMs;
    const client = await this.locker.pool.connect();
    try {
      let asked = false;
      for (;;) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [this.key]);
        if (rows[0]?.ok) {
          this.client = client;
          this.release = requestRelease;
          this.locker.held.set(this.key, requestRelease);
          return;
        }
        if (!asked) {
          asked = true;
          await this.locker.requestRelease(this.key, client);
        }
        if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } catch (err) {
      client.release();
      throw err;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = null;
    if (this.locker.held.get(this.key) === this.release) this.locker.held.delete(this.key);
    this.release = null;
    try {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [this.key]);
      client.release();
    } catch (err) {
      // A connection in doubt is dropped, which frees the lock too.
      client.release(err as Error);
    }
  }
}
