// A small useLiveQuery: re-renders when the Dexie tables a query read change (in any tab).
import { liveQuery } from 'dexie';
import { useEffect, useState, type DependencyList } from 'react';

export function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const sub = liveQuery(query).subscribe({ next: setValue, error: () => undefined });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
