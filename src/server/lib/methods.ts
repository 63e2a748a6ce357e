// Which HTTP methods are safe (they read only) and which write: the origin check refuses a
// cross-site write (plugins/origin-check.ts); a write's reads go ahead of the lists' (lib/request-scope.ts).
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request with `method` may change something (any method but GET, HEAD and OPTIONS). */
export const writes = (method: string): boolean => !SAFE.has(method);
