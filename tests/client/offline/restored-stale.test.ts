// The copy of the query cache kept on the device is shown at once on the next load, and then asked
// again: an answer in it may be from before a change made just before the page was left, and
// must not stand for the server's until its staleTime runs out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { markRestoredStale } from '../../../src/client/offline/persist';

describe('a restored query cache', () => {
  it('counts every restored answer as out of date, but not what the page already had from the server, nor the signed-in user', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const loadedAt = Date.now();
    // Restored: answered five seconds before this load (fresh by staleTime alone).
    client.setQueryData(['scenario', 'a'], { is_favourited_by_current_user: false }, { updatedAt: loadedAt - 5_000 });
    client.setQueryData(['me'], { uuid_id: 'u1' }, { updatedAt: loadedAt - 5_000 });
    // Written into the page by the server on this load.
    client.setQueryData(['posts'], { pages: [] }, { updatedAt: loadedAt + 1 });
    // Out of date: the next screen that shows it asks the server again.
    const stale = (key: string[]) => client.getQueryCache().find({ queryKey: key })!.state.isInvalidated;
    expect(stale(['scenario', 'a'])).toBe(false);

    await markRestoredStale(client, loadedAt);
    expect(stale(['scenario', 'a'])).toBe(true);
    expect(stale(['posts'])).toBe(false);
    expect(stale(['me'])).toBe(false);
    // The restored answer is still there to show (offline it is all there is).
    expect(client.getQueryData(['scenario', 'a'])).toEqual({ is_favourited_by_current_user: false });
  });
});
