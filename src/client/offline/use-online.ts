// React view of the reachability-based online flag (online.ts).
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { onUnreachableReason, unreachableReason, type Unreachable } from './online';

export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** Why the server cannot be reached: 'offline' (no network) or 'no-answer' (a link that answers nothing). */
export function useUnreachableReason(): Unreachable {
  return useSyncExternalStore(onUnreachableReason, unreachableReason, () => 'offline' as const);
}
