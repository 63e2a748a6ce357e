// Starts the offline machinery once, before the first render (main.tsx): the reachability check
// that drives TanStack's onlineManager, and the outbox replay loop.
import type { QueryClient } from '@tanstack/react-query';
import { startReachabilityWatch } from './online';
import { startReplayLoop } from './outbox';

export function startOffline(queryClient: QueryClient) {
  startReachabilityWatch(queryClient);
  startReplayLoop();
}
