// React.lazy for parts that must still work once the network is gone (the offline banner, pending
// posts, the post form): the chunk stays out of the first screen's script but is fetched at once,
// beside it, not when first rendered, which may be after the network dropped. Where no service
// worker holds the app's files yet, a later fetch would fail. A failed first fetch is tried again
// on render. The fetch starts once the first screen has been painted (lib/first-screen.ts), not
// while that screen's own code and data are still coming.
import { lazy, type ComponentType } from 'react';
import { afterFirstScreen } from './first-screen';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyNow<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const loading = afterFirstScreen().then(load);
  loading.catch(() => undefined);
  return lazy(() => loading.catch(() => load()));
}
