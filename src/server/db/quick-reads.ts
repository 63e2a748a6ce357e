// Which SQLite reads are quick enough to run on the event loop. A trip to a reader thread costs
// this thread about 0.1 ms (posting the task, taking the answer) and the request more in waiting;
// a point lookup (a session by its token, the tags of ten scenarios) costs a few hundredths of that.
// So a statement (by its SQL text) whose runs have nearly all been short runs on this thread:
// - it ran at least QUICK_AFTER_RUNS times (on the reader threads first), and at most one run in
//   ten took longer than QUICK_READ_MS (a thread descheduled now and then makes a quick read look slow);
// - a run on this thread longer than SLOW_HERE_MS sends it back to the threads at once, and it
//   returns only once short runs are again nine in ten of all it has made.
// What is slow (a deep page, a common word's search) never comes here; the counts are halved now
// and then, so a statement's recent runs count more than old ones.
// A request that writes runs a read here once it has run and none of its recent runs took longer
// than SLOW_HERE_MS (`mayRunForWrite`): the few reads of a post or a toggle are worth more done at
// once than queued behind the lists' reads on the threads. A statement never run (its cost unknown:
// a write's read of every member of a large group, say) goes to the threads first.
// A lookup by a unique key (db/key-lookups.ts, from the statement's plan) is always quick: it reads
// at most a row a key, whatever the timings say (on a busy machine a thread is descheduled in the
// middle of a read now and then, the event loop as much as a reader thread).

/** A run this long at most is short (milliseconds, the statement's own run time). */
export const QUICK_READ_MS = 0.2;
/** Runs made before a statement may count as quick. */
export const QUICK_AFTER_RUNS = 10;
/** A run on the event loop this long sends the statement back to the reader threads. */
export const SLOW_HERE_MS = 2;
/** Counts are halved when a statement reaches this many runs. */
const HALVE_AT = 1_000;
/** Statements remembered at most (the oldest forgotten first: they start again on the threads). */
const REMEMBERED = 2_000;

interface Runs {
  runs: number;
  /** Runs longer than QUICK_READ_MS. */
  long: number;
  /** Runs longer than SLOW_HERE_MS. */
  slow: number;
  /** It looks rows up by a unique key: always quick. */
  keyLookup: boolean;
}

export class QuickReads {
  readonly #runs = new Map<string, Runs>();

  /**
   * Whether `sql` has proved quick (or is a lookup by a unique key): run it on this thread.
   * `keyLookup` tells, the first time a statement is seen, whether it is such a lookup.
   */
  isQuick(sql: string, keyLookup: () => boolean = () => false): boolean {
    const r = this.#runs.get(sql) ?? this.#remember(sql, keyLookup());
    return r.keyLookup || (r.runs >= QUICK_AFTER_RUNS && r.long * 10 <= r.runs);
  }

  /**
   * Whether a request that writes may run `sql` on this thread: it has run, and none of its recent
   * runs took longer than SLOW_HERE_MS.
   */
  mayRunForWrite(sql: string): boolean {
    const r = this.#runs.get(sql);
    return r !== undefined && r.runs > 0 && r.slow === 0;
  }

  #remember(sql: string, keyLookup: boolean): Runs {
    if (this.#runs.size >= REMEMBERED) this.#runs.delete(this.#runs.keys().next().value!);
    const r = { runs: 0, long: 0, slow: 0, keyLookup };
    this.#runs.set(sql, r);
    return r;
  }

  /** One run of `sql` took `ms`, on a reader thread or (`here`) on this thread. */
  record(sql: string, ms: number, here = false): void {
    const r = this.#runs.get(sql) ?? this.#remember(sql, false);
    r.runs += 1;
    if (ms > SLOW_HERE_MS) r.slow += 1;
    if (here && ms > SLOW_HERE_MS) r.long = r.runs;
    else if (ms > QUICK_READ_MS) r.long += 1;
    if (r.runs >= HALVE_AT) {
      r.runs = Math.floor(r.runs / 2);
      r.long = Math.floor(r.long / 2);
      r.slow = Math.floor(r.slow / 2);
    }
  }
}
