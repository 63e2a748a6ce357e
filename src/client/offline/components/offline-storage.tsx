// 'Offline storage' on the profile page: space used by kept favourites and queued items,
// whether the browser keeps it persistently, and a button to free it. Freeing drops the favourite
// copies and stops keeping them on this device; unsent items stay until they are sent or discarded.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
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
  const { t } = useTranslation('offline');
  const { fileSize } = useFormat();
  useEffect(() => {
    void browserStorage().then(setBrowser);
  }, [info]);

  const free = async () => {
    const ok = await confirm({
      title: t('storage.freeTitle'),
      message: t('storage.freeMessage'),
      confirmLabel: t('storage.freeConfirm'),
      danger: true,
    });
    if (ok) await freeOfflineStorage();
  };

  return (
    <section className="card offline-storage" aria-labelledby="offline-storage-title">
      <h2 id="offline-storage-title">{t('storage.title')}</h2>
      <OfflineReadiness />
      <dl className="details">
        <dt>{t('storage.favourites')}</dt>
        <dd data-testid="offline-favourites-size">
          {t('storage.sizeItems', { size: fileSize(info.favouriteBytes), count: info.favouriteCount })}
        </dd>
        <dt>{t('storage.unsent')}</dt>
        <dd data-testid="offline-unsent-size">
          {t('storage.sizeItems', { size: fileSize(info.unsentBytes), count: info.unsentCount })}
        </dd>
        <dt>{t('storage.storage')}</dt>
        <dd data-testid="offline-persistent">
          {browser?.persisted === true
            ? t('storage.persistent')
            : browser?.persisted === false
              ? t('storage.notPersistent')
              : t('storage.unknown')}
        </dd>
        {browser?.usage != null && (
          <>
            <dt>{t('storage.usedBySite')}</dt>
            <dd>
              {browser.quota ? t('storage.usedOf', { used: fileSize(browser.usage), quota: fileSize(browser.quota) }) : fileSize(browser.usage)}
            </dd>
          </>
        )}
      </dl>
      {info.keepFavourites ? (
        <button type="button" className="btn" onClick={() => void free()}>{t('storage.freeTitle')}</button>
      ) : (
        <>
          <p className="muted">{t('storage.notKept')}</p>
          <button type="button" className="btn" onClick={() => void resumeKeepingFavourites()}>{t('storage.keep')}</button>
        </>
      )}
    </section>
  );
}
