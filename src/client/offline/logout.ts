// Logout (issue 6): warn about unsent writes, then forget everything private kept on the device:
// the outbox, favourite files, the persisted query cache and cached signed thumbnails.
import type { QueryClient } from '@tanstack/react-query';
import { clearOffline } from './favourites';
import { clearOutbox, countUnsent } from './outbox';
import { clearPersistedQueries } from './persist';

export { countUnsent };

export const unsentWarning = (n: number) => `You have ${n} unsent item(s). Sign out anyway?`;

export async function clearPrivateOfflineData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    clearOutbox().catch(() => undefined),
    clearOffline().catch(() => undefined),
    clearPersistedQueries(queryClient).catch(() => undefined),
    typeof caches !== 'undefined' ? caches.delete('signed-thumbnails-v1').catch(() => false) : Promise.resolve(false),
  ]);
}
