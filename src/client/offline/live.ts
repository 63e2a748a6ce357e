// useLiveQuery from dexie-react-hooks: re-renders when the Dexie tables a query read change (in any
// tab). A query that fails keeps the last value shown (the initial one if none came yet) instead of
// throwing into the render, so a broken or blocked IndexedDB never takes a page down.
import { useLiveQuery as useDexieLiveQuery } from 'dexie-react-hooks';
import { useRef, type DependencyList } from 'react';

export function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList, initial: T): T {
  const last = useRef<T>(initial);
  const value = useDexieLiveQuery(
    () => query().catch(() => last.current),
    [...deps],
    last.current,
  );
  last.current = value;
  return value;
}
