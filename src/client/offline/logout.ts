// Sign-out: warn about unsent writes, then sign out on the device at once: no
// request goes out with the old session until the server has ended it (session.ts), the user's
// queued writes and everything private kept on the device are forgotten: favourite files, the
// persisted query cache and cached signed thumbnails. Another user's queued writes stay, unseen.
import type { QueryClient } from '@tanstack/react-query';
import { clearOffline } from './favourites';
import { countUnsent } from './outbox';
import { clearUserItems, sessionUser } from './outbox-core';
import { clearPersistedQueries } from './persist';
import { beginSignOut, flushSignOut } from './session';
import { forgetVisits } from './visited';

export { countUnsent };

export const unsentWarning = (n: number) => `You have ${n} unsent item(s). They will be deleted if you sign out.`;

export async function clearPrivateOfflineData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    clearOffline().catch(() => undefined),
    clearPersistedQueries(queryClient).catch(() => undefined),
    typeof caches !== 'undefined' ? caches.delete('signed-thumbnails-v1').catch(() => false) : Promise.resolve(false),
  ]);
}

/**
 * Sign out on this device now; the server is told at once when it can be reached, else as the
 * first request once it can. Resolves when the device is signed out (not when the server knows).
 */
export async function signOutDevice(queryClient: QueryClient): Promise<void> {
  const user = await sessionUser().catch(() => null);
  await beginSignOut();
  if (user) {
    forgetVisits(user);
    await clearUserItems(user).catch(() => undefined);
  }
  await clearPrivateOfflineData(queryClient);
  void flushSignOut();
}
