// React.lazy for parts that must still work once the network is gone (the offline banner, pending
// posts, the post form): the chunk stays out of the first screen's script but is fetched at once,
// beside it, not when first rendered, which may be after the network dropped. Where no service
// worker holds the app's files yet, a later fetch would fail. A failed first fetch is tried again
// on render. The fetch starts in the next task, not while the app's script is still being evaluated.
import { lazy, type ComponentType } from 'react';
import { yieldToMain } from './yield';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyNow<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const loading = yieldToMain().then(load);
  loading.catch(() => undefined);
  return lazy(() => loading.catch(() => load()));
}
