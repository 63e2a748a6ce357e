// The offline favourites (and the offline database's code, Dexie's) for screens that show them
// beside their content: a copy kept on this device, 'Available offline', a download from the
// device. Their code is not part of the screen's: it loads when offline code is wanted
// (offline/db-exists.ts), at once where the offline database exists (an offline visit finds its
// copies), else once the first screen has been painted. Until then the hooks say "not known yet".
import { useEffect, useState } from 'react';
import { offlineCodeWanted } from './db-exists';
import type { Availability, FavouriteRecord, OfflineKind } from './favourites';

type Favourites = typeof import('./favourites');

let loading: Promise<Favourites> | null = null;

/** The favourites' code, loaded when offline code is wanted (or at once when `now`: a click needs it). */
export function favouritesCode(now = false): Promise<Favourites> {
  if (now) return import('./favourites');
  loading ??= offlineCodeWanted().then(() => import('./favourites'));
  return loading;
}

/** The item's offline record, live: undefined until read (the code may still be loading), null when not kept. */
function useOfflineRecord(kind: OfflineKind, id: string | undefined): FavouriteRecord | null | undefined {
  const [state, setState] = useState<{ key: string; record: FavouriteRecord | null } | undefined>(undefined);
  const key = `${kind}:${id ?? ''}`;
  useEffect(() => {
    if (!id) return;
    let live = true;
    let stop: (() => void) | undefined;
    void favouritesCode().then((code) => {
      if (live) stop = code.watchOfflineRecord(kind, id, (record) => setState({ key, record }));
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [kind, id, key]);
  if (!id) return null;
  return state?.key === key ? state.record : undefined;
}

/** Whether the item is kept on this device (null when not, or not known yet). */
export function useOfflineAvailability(kind: OfflineKind, id: string | undefined): Availability {
  return useOfflineRecord(kind, id)?.status ?? null;
}

/** The item kept offline (as the API returned it), live: undefined while reading, null when not kept. */
export function useOfflineItem<T>(kind: OfflineKind, id: string | undefined): T | null | undefined {
  const record = useOfflineRecord(kind, id);
  return record === undefined ? undefined : ((record?.item as T | undefined) ?? null);
}

/** Saves (or hands to the device app) the copy kept on this device: see favourites.ts. */
export const downloadOfflineFile = async (kind: OfflineKind, id: string) => (await favouritesCode(true)).downloadOfflineFile(kind, id);

/** Toggles a favourite through the outbox and keeps or drops the copy: see favourites.ts. */
export const toggleFavouriteOffline: Favourites['toggleFavouriteOffline'] = async (...args) => (await favouritesCode(true)).toggleFavouriteOffline(...args);
