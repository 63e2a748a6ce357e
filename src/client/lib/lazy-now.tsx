// React.lazy for parts that must still work once the network is gone (the offline banner, pending
// posts, the post form): the chunk stays out of the first screen's script but is fetched at once,
// beside it, not when first rendered, which may be after the network dropped. Where no service
// worker holds the app's files yet, a later fetch would fail. A failed first fetch is tried again
// on render. The fetch starts once the first screen has been painted (lib/first-screen.ts), not
// while that screen's own code and data are still coming.
// These parts are extras of a screen: when their code cannot be fetched at all, they show nothing
// and the screen around them goes on working (a browser keeps a failed module import failed for
// the page's life; the next page load fetches it again).
import { Component, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { afterFirstScreen } from './first-screen';
import { isChunkLoadError } from './chunk-error';

/** Shows nothing in place of a part whose code could not be fetched; other errors go on up. */
class ShowNothingIfNotFetched extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error === null) return this.props.children;
    if (isChunkLoadError(this.state.error)) return null;
    throw this.state.error;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyNow<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const loading = afterFirstScreen().then(load);
  loading.catch(() => undefined);
  const Lazy = lazy(() => loading.catch(() => load()));
  // (React.lazy's own props type; the element is the loaded component's.)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const LazyAny = Lazy as unknown as ComponentType<any>;
  return function LoadedPart(props: ComponentProps<T>) {
    return (
      <ShowNothingIfNotFetched>
        <LazyAny {...props} />
      </ShowNothingIfNotFetched>
    );
  };
}
