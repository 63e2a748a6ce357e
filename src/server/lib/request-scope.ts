// Reads one GET request may share between its steps (issue: lists at 100 000 rows). A list request
// used to read the table versions (lib/list-cache.ts) three times: for its session, its total and
// its page. Within one request they may be read once: a read made after the request began already
// sees every write committed before it began, which is all a request must see.
//
// Unless the request writes itself: then it must see its own write, so any write through Kysely
// made within the scope (any query but a SELECT) forgets what the scope holds.
//
// Only GET requests get a scope that shares reads (plugins/session.ts): their handlers run straight
// on from the session lookup. Code outside any such scope (other requests, jobs) reads afresh every time.
//
// A request that writes (lib/methods.ts) gets a write scope from its body on: it shares no reads, but the database's drivers let its reads skip the queue of list reads (db/sqlite-driver.ts,
// db/pg-driver.ts), so a post or a favourite answers about as fast under many readers as alone.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** What a scope holds: one entry per owner (a list cache holds its database's versions). */
class Scope extends Map<object, unknown> {
  constructor(
    /** The request writes: nothing is shared, its reads go first. */
    readonly writes = false,
  ) {
    super();
  }
}

const storage = new AsyncLocalStorage<Scope>();

/** Runs `fn` (the rest of a GET request) in a scope of its own. */
export function inRequestScope(fn: () => void): void {
  storage.run(new Scope(), fn);
}

/** Runs `fn` (the rest of a request that writes, from its handler's first step) in a write scope. */
export function inWriteScope(fn: () => void): void {
  storage.run(new Scope(true), fn);
}

/** Whether this code runs for a request that writes (its reads go ahead of list reads). */
export function inWriteRequest(): boolean {
  return storage.getStore()?.writes === true;
}

/**
 * The value `owner` keeps in the current request's scope, read with `read` the first time (and again
 * after the request writes). Outside a scope, `read` every time.
 */
export function sharedInRequest<T>(owner: object, read: () => T): T {
  const scope = storage.getStore();
  if (!scope || scope.writes) return read();
  if (scope.has(owner)) return scope.get(owner) as T;
  const value = read();
  scope.set(owner, value);
  return value;
}

/** A query that may write: anything but a SELECT (a raw query counts unless it starts with SELECT). */
function mayWrite(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return false;
  if (node.kind === 'RawNode') return !/^\s*select\b/i.test(node.sqlFragments[0] ?? '');
  return true;
}

/** Kysely plugin (db/connection.ts): a write within a scope forgets what the scope holds. */
export const forgetOnWrite: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (mayWrite(node)) storage.getStore()?.clear();
    return node;
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};
