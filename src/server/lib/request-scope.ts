// Reads one GET request may share between its steps (issue: lists at 100 000 rows). A list request
// used to read the table versions (lib/list-cache.ts) three times: for its session, its total and
// its page. Within one request they may be read once: a read made after the request began already
// sees every write committed before it began, which is all a request must see.
//
// Unless the request writes itself: then it must see its own write, so any write through Kysely
// made within the scope (any query but a SELECT) forgets what the scope holds.
//
// Only GET requests get a scope (plugins/session.ts): their handlers run straight on from the
// session lookup. Code outside any scope (other requests, jobs) reads afresh every time.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** What a scope holds: one entry per owner (a list cache holds its database's versions). */
type Scope = Map<object, unknown>;

const storage = new AsyncLocalStorage<Scope>();

/** Runs `fn` (the rest of a GET request) in a scope of its own. */
export function inRequestScope(fn: () => void): void {
  storage.run(new Map(), fn);
}

/**
 * The value `owner` keeps in the current request's scope, read with `read` the first time (and again
 * after the request writes). Outside a scope, `read` every time.
 */
export function sharedInRequest<T>(owner: object, read: () => T): T {
  const scope = storage.getStore();
  if (!scope) return read();
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
