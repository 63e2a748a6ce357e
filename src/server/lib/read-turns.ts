// Reads take turns; writes do not wait for one. Under many readers every request's steps (a query,
// its answer, the next query) queue on the same event loop, database connections and cores, and a
// request waits behind every other in flight: with ten readers a post or a favourite toggle, whose
// five to nine steps each join that queue, took two to three times as long as a page. So a page's
// handler (a GET declared through lib/route.ts) runs only while it holds one of READ_CONCURRENCY
// turns, given first come first served (p-limit), and the others wait before they start any work.
// A write's handler runs at once, behind at most that many reads. Readers lose nothing: the
// machine was already busy with as many as it can serve at a time, and each admitted read finishes
// sooner for fewer steps interleaved with its own.
//
// What holds a turn is the handler: its queries and the answer it builds, not the answer's sending.
// Health and readiness take none (`turn: false`): a probe must answer however busy the server is.
// Nor do routes that answer with the reply themselves (`raw`: file downloads, install links), whose
// handler settles only once a streamed file has been sent to the end (a video a reader paused: maybe
// never), nor uploads (tus), which are not declared through lib/route.ts.
import pLimit from 'p-limit';

/** Runs `work` in its turn, at most `concurrency` at once. */
export type ReadTurns = <T>(work: () => Promise<T>) => Promise<T>;

export function readTurns(concurrency: number): ReadTurns {
  const limit = pLimit(concurrency);
  return (work) => limit(work);
}
