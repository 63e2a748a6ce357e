// A map that forgets its least recently used entries beyond `max`: the process-local caches of
// list pages and totals (lib/list-cache.ts), of sessions (plugins/session.ts), of compressed JSON
// (plugins/compress.ts), of tus' upload metadata on S3 (uploads/tus.ts) and of prepared SQLite
// statements (db/connection.ts).
export interface Lru<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): boolean;
}

export function lru<T>(max: number): Lru<T> {
  const map = new Map<string, T>();
  return {
    get(key) {
      const value = map.get(key);
      if (value !== undefined) {
        // Most recently used last: the first key is the one to forget.
        map.delete(key);
        map.set(key, value);
      }
      return value;
    },
    set(key, value) {
      map.delete(key);
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value!);
    },
    delete: (key) => map.delete(key),
  };
}
