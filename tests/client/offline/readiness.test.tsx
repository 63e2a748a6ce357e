// @vitest-environment happy-dom
// Whether the device is ready to go offline, as the trainer reads it: the progress of keeping the
// favourites, 'Ready for offline', and with no connection how many are kept; a drop of the link while
// a file comes leaves the favourite to be saved later, without a notice. The pages opened online are
// listed per user, for the 'Not available offline' card.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { i18n } from '../../../src/client/i18n';
import { db } from '../../../src/client/offline/db';
import { keepOffline, onOfflineNotice } from '../../../src/client/offline/favourites';
import { OfflineReadiness } from '../../../src/client/offline/components/offline-readiness';
import { forgetVisits, recordVisit, visitedPages } from '../../../src/client/offline/visited';

const row = (id: string, status: 'stored' | 'storing' | 'failed') =>
  ({ key: `scenario:${id}`, kind: 'scenario', id, name: id, fileName: id, mimeType: 'x', size: 1, status, chunkCount: 0, storedAt: 1, item: {} }) as never;

beforeEach(async () => {
  await db.favourites.clear();
  await db.device.clear();
  onlineManager.setOnline(true);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
  onlineManager.setOnline(true);
});

const status = () => screen.getByTestId('offline-readiness').textContent;

describe('OfflineReadiness', () => {
  it("counts the favourites being saved, then says 'Ready for offline'", async () => {
    await db.favourites.bulkPut([row('a', 'stored'), row('b', 'storing'), row('c', 'storing')]);
    render(<OfflineReadiness />);
    await waitFor(() => expect(status()).toBe('Saving 2 of 3 for offline use'));
    await db.favourites.bulkPut([row('b', 'stored'), row('c', 'stored')]);
    await waitFor(() => expect(status()).toBe('Ready for offline'));
  });

  it('with no connection says how many are kept and that saving goes on later', async () => {
    await db.favourites.bulkPut([row('a', 'stored'), row('b', 'storing')]);
    act(() => onlineManager.setOnline(false));
    render(<OfflineReadiness />);
    await waitFor(() => expect(status()).toBe('1 of 2 saved for offline use. Saving goes on when the connection returns.'));
  });

  it('names the favourites that could not be saved', async () => {
    await db.favourites.bulkPut([row('a', 'stored'), row('b', 'failed')]);
    render(<OfflineReadiness />);
    await waitFor(() => expect(status()).toBe('1 of 2 saved for offline use'));
    expect(screen.getByText('1 favourite could not be saved; it is tried again on the next visit.')).toBeTruthy();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    await db.favourites.bulkPut([row('a', 'stored'), row('b', 'storing')]);
    render(<OfflineReadiness />);
    await waitFor(() => expect(status()).toBe('2 von 2 werden für die Offline-Nutzung gespeichert'));
  });

  it('shows nothing without favourites', async () => {
    const view = render(<OfflineReadiness />);
    await new Promise((r) => setTimeout(r, 50));
    expect(view.container.textContent).toBe('');
  });
});

describe('a link that drops while a favourite is saved', () => {
  it('leaves it to be saved later, without a notice', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const notices: string[] = [];
    const off = onOfflineNotice((m) => notices.push(m));
    const r = await keepOffline('scenario', { uuid_id: 'd', name: 'Sepsis', file_size: 10 });
    off();
    expect(r).toMatchObject({ ok: false, network: true });
    expect(notices).toEqual([]);
    expect((await db.favourites.get('scenario:d'))?.status).toBe('storing');
  });
});

describe('the pages opened online', () => {
  it('are listed per user, newest first, once each, and forgotten at sign-out', () => {
    recordVisit('u1', '/feed', 'Home - REALITi Community');
    recordVisit('u1', '/scenario/x', 'Cardiac arrest - REALITi Community');
    recordVisit('u2', '/me', 'My Profile - REALITi Community');
    recordVisit('u1', '/feed', 'Home - REALITi Community');
    recordVisit('u1', '/login', 'Sign in - REALITi Community');
    expect(visitedPages('u1')).toEqual([
      { user: 'u1', path: '/feed', title: 'Home' },
      { user: 'u1', path: '/scenario/x', title: 'Cardiac arrest' },
    ]);
    forgetVisits('u1');
    expect(visitedPages('u1')).toEqual([]);
    expect(visitedPages('u2')).toHaveLength(1);
  });
});
