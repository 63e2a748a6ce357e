// The offline banner and sync badge: shows when the server cannot be reached (and why), how many
// writes wait to sync, a 'Sync now' button, and the items the server refused with Retry / Discard.
// Loaded beside the first screen; offline-banner.tsx shows its first line until then.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useToast } from '../../components/toast';
import { onOfflineNotice } from '../favourites';
import { useOutboxItems, syncNow, retryOutboxItem, discardOutboxItem } from '../outbox';
import { useOnline, useUnreachableReason } from '../use-online';
import type { OutboxItem } from '../db';
import { OfflineLabel } from './offline-banner';
import { offlineMessage } from '../messages';

export function OfflineStatus() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const reason = useUnreachableReason();
  const items = useOutboxItems();
  const waiting = items.filter((i) => i.state === 'queued' || i.state === 'sending');
  const failed = items.filter((i) => i.state === 'failed');
  const [syncing, setSyncing] = useState(false);
  const [open, setOpen] = useState(false);
  const toast = useToast();
  // 'Not enough storage on this device to keep "X" offline' and the like (favourites.ts).
  useEffect(() => onOfflineNotice((message) => toast(offlineMessage(t, message), 'error')), [toast, t]);

  const announcement = useSyncAnnouncement(t, online, waiting.length, failed.length);
  // Always in the page, so a screen reader hears each change of the sync state (polite).
  const announcer = <p className="visually-hidden" role="status" data-testid="sync-announcer">{announcement}</p>;

  if (online && waiting.length === 0 && failed.length === 0) return announcer;

  const sync = async () => {
    setSyncing(true);
    try {
      await syncNow();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <>
    {announcer}
    <div className={`offline-status${online ? '' : ' is-offline'}`} data-testid="offline-status">
      <div className="offline-status-bar">
        {!online && <OfflineLabel />}
        {online && waiting.length > 0 && <span>{t('syncing')}</span>}
        {waiting.length > 0 && (
          <span className="sync-count" data-testid="sync-count">
            {t('waitingToSync', { count: waiting.length })}
          </span>
        )}
        {!online && reason === 'offline' && waiting.length === 0 && failed.length === 0 && <span className="muted">{t('savedStillOpen')}</span>}
        {failed.length > 0 && (
          <button type="button" className="btn link" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {t('couldNotBeSent', { count: failed.length })}
          </button>
        )}
        {(waiting.length > 0 || failed.length > 0) && (
          <button type="button" className="btn small" onClick={sync} disabled={syncing}>
            {syncing ? t('syncing') : t('syncNow')}
          </button>
        )}
      </div>
      {(open || (failed.length > 0 && waiting.length === 0)) && failed.length > 0 && <FailedItems items={failed} />}
    </div>
    </>
  );
}

/**
 * What the sync state's live region says: going offline, how many items wait to sync, 'All sent'
 * once the last of them has gone, how many could not be sent. It changes only when the state does.
 */
function useSyncAnnouncement(t: TFunction<'offline'>, online: boolean, waiting: number, failed: number): string {
  const [message, setMessage] = useState('');
  const before = useRef({ online, waiting, failed });
  useEffect(() => {
    const prev = before.current;
    before.current = { online, waiting, failed };
    if (prev.online === online && prev.waiting === waiting && prev.failed === failed) return;
    const parts: string[] = [];
    if (!online) parts.push(t('youAreOffline'));
    else if (!prev.online) parts.push(t('backOnline'));
    if (waiting > 0) parts.push(t('waitingToSync', { count: waiting }));
    else if (prev.waiting > 0 && failed === 0 && online) parts.push(t('allSent'));
    if (failed > 0) parts.push(t('couldNotBeSent', { count: failed }));
    setMessage(parts.join('. '));
  }, [t, online, waiting, failed]);
  return message;
}

function FailedItems({ items }: { items: OutboxItem[] }) {
  const { t } = useTranslation('offline');
  return (
    <ul className="outbox-failed" aria-label={t('failedItems')}>
      {items.map((item) => (
        <li key={item.id}>
          <span className="outbox-label">{item.label}</span>
          <span className="outbox-error">{item.error ? offlineMessage(t, item.error) : t('invalidResponse')}</span>
          <span className="outbox-actions">
            <button type="button" className="btn small" onClick={() => void retryOutboxItem(item.id)}>{t('retry')}</button>
            <button type="button" className="btn small" onClick={() => void discardOutboxItem(item.id)}>{t('discard')}</button>
          </span>
        </li>
      ))}
    </ul>
  );
}
