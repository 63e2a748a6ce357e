// Whether the screen waits for the server while it cannot be reached: a query on screen with no
// data kept is held (TanStack pauses it offline) or still waiting. A spinner then would spin until
// the network returns; the shared Spinner says 'Not available offline' instead.
import { onlineManager, useIsRestoring } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryClient } from '../lib/query-client';

function waitingWithoutServer(): boolean {
  if (onlineManager.isOnline()) return false;
  return queryClient.getQueryCache().getAll().some((q) => q.isActive() && q.state.data === undefined && q.state.fetchStatus !== 'idle');
}

function subscribe(onChange: () => void): () => void {
  const stopCache = queryClient.getQueryCache().subscribe(onChange);
  const stopOnline = onlineManager.subscribe(onChange);
  return () => {
    stopCache();
    stopOnline();
  };
}

export function useWaitingOffline(): boolean {
  const restoring = useIsRestoring();
  const waiting = useSyncExternalStore(subscribe, waitingWithoutServer, () => false);
  return waiting && !restoring;
}
