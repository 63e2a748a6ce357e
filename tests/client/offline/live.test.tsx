// @vitest-environment happy-dom
// The live query hook the offline screens use: it shows the initial value, follows changes to the
// tables it read, and keeps the last value when a query fails instead of breaking the page.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { db } from '../../../src/client/offline/db';
import { useLiveQuery } from '../../../src/client/offline/live';

function Count({ fail }: { fail?: boolean }) {
  const n = useLiveQuery(async () => {
    if (fail) throw new Error('IndexedDB is blocked');
    return db.favourites.count();
  }, [fail], -1);
  return <p>count {n}</p>;
}

afterEach(async () => {
  cleanup();
  await db.favourites.clear();
});

describe('useLiveQuery', () => {
  it('shows the initial value, then the stored one, and follows changes', async () => {
    render(<Count />);
    await waitFor(() => expect(screen.getByText('count 0')).toBeTruthy());
    await db.favourites.put({ key: 'scenario:a', kind: 'scenario', id: 'a', status: 'stored', storedAt: 1 } as never);
    await waitFor(() => expect(screen.getByText('count 1')).toBeTruthy());
  });

  it('keeps the last value when the query fails', async () => {
    const view = render(<Count />);
    await waitFor(() => expect(screen.getByText('count 0')).toBeTruthy());
    view.rerender(<Count fail />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('count 0')).toBeTruthy();
  });

  it('shows the initial value when the first query fails', async () => {
    render(<Count fail />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('count -1')).toBeTruthy();
  });
});
