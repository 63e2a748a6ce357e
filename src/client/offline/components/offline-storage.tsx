// 'Offline storage' on the profile page: space used by kept favourites and queued items,
// whether the browser keeps it persistently, and a button to free it. Freeing drops the favourite
// copies and stops keeping them on this device; unsent items stay until they are sent or discarded.
import { useEffect, useState } from 'react';
import { formatFileSize } from '../../../shared/format';
import { useConfirm } from '../../components/confirm';
import { freeOfflineStorage, resumeKeepingFavourites } from '../favourites';
import { useLiveQuery } from '../live';
import { browserStorage, offlineStorageInfo, type BrowserStorage, type OfflineStorageInfo } from '../storage-info';
import { OfflineReadiness } from './offline-readiness';

const EMPTY: OfflineStorageInfo = { favouriteBytes: 0, favouriteCount: 0, unsentBytes: 0, unsentCount: 0, keepFavourites: true };

export function OfflineStorage() {
  const info = useLiveQuery(offlineStorageInfo, [], EMPTY);
  const [browser, setBrowser] = useState<BrowserStorage | null>(null);
  const confirm = useConfirm();
  useEffect(() => {
    void browserStorage().then(setBrowser);
  }, [info]);

  const free = async () => {
    const ok = await confirm({
      title: 'Free offline storage',
      message: 'Favourites kept on this device will no longer open without a network. Unsent items are kept until they are sent.',
      confirmLabel: 'Free storage',
      danger: true,
    });
    if (ok) await freeOfflineStorage();
  };

  return (
    <section className="card offline-storage" aria-labelledby="offline-storage-title">
      <h2 id="offline-storage-title">Offline storage</h2>
      <OfflineReadiness />
      <dl className="details">
        <dt>Favourites kept offline</dt>
        <dd data-testid="offline-favourites-size">
          {formatFileSize(info.favouriteBytes)} ({info.favouriteCount} {info.favouriteCount === 1 ? 'item' : 'items'})
        </dd>
        <dt>Unsent items</dt>
        <dd data-testid="offline-unsent-size">
          {formatFileSize(info.unsentBytes)} ({info.unsentCount} {info.unsentCount === 1 ? 'item' : 'items'})
        </dd>
        <dt>Storage</dt>
        <dd data-testid="offline-persistent">
          {browser?.persisted === true
            ? 'Persistent: the browser keeps it'
            : browser?.persisted === false
              ? 'Not persistent: the browser may clear it when space runs low, and Safari after 7 days without use'
              : 'Unknown'}
        </dd>
        {browser?.usage != null && (
          <>
            <dt>Used by this site</dt>
            <dd>
              {formatFileSize(browser.usage)}
              {browser.quota ? ` of ${formatFileSize(browser.quota)}` : ''}
            </dd>
          </>
        )}
      </dl>
      {info.keepFavourites ? (
        <button type="button" className="btn" onClick={() => void free()}>Free offline storage</button>
      ) : (
        <>
          <p className="muted">Favourites are not kept on this device.</p>
          <button type="button" className="btn" onClick={() => void resumeKeepingFavourites()}>Keep favourites offline</button>
        </>
      )}
    </section>
  );
}
