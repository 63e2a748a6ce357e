// The offline banner and sync badge: shows when the server cannot be reached, how many
// writes wait to sync, a 'Sync now' button, and the items the server refused with Retry / Discard.
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/toast';
import { onOfflineNotice } from '../favourites';
import { useOutboxItems, syncNow, retryOutboxItem, discardOutboxItem } from '../outbox';
import { useOnline } from '../use-online';
import type { OutboxItem } from '../db';

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function OfflineStatus() {
  const online = useOnline();
  const items = useOutboxItems();
  const waiting = items.filter((i) => i.state === 'queued' || i.state === 'sending');
  const failed = items.filter((i) => i.state === 'failed');
  const [syncing, setSyncing] = useState(false);
  const [open, setOpen] = useState(false);
  const toast = useToast();
  // 'Not enough storage on this device to keep "X" offline' and the like (favourites.ts).
  useEffect(() => onOfflineNotice((message) => toast(message, 'error')), [toast]);

  const announcement = useSyncAnnouncement(online, waiting.length, failed.length);
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
        {!online && <strong className="offline-label">You are offline</strong>}
        {online && waiting.length > 0 && <span>Syncing...</span>}
        {waiting.length > 0 && (
          <span className="sync-count" data-testid="sync-count">
            {plural(waiting.length, 'item')} waiting to sync
          </span>
        )}
        {!online && waiting.length === 0 && failed.length === 0 && <span className="muted">Saved pages and favourites still open.</span>}
        {failed.length > 0 && (
          <button type="button" className="btn link" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {plural(failed.length, 'item')} could not be sent
          </button>
        )}
        {(waiting.length > 0 || failed.length > 0) && (
          <button type="button" className="btn small" onClick={sync} disabled={syncing}>
            {syncing ? 'Syncing...' : 'Sync now'}
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
function useSyncAnnouncement(online: boolean, waiting: number, failed: number): string {
  const [message, setMessage] = useState('');
  const before = useRef({ online, waiting, failed });
  useEffect(() => {
    const prev = before.current;
    before.current = { online, waiting, failed };
    if (prev.online === online && prev.waiting === waiting && prev.failed === failed) return;
    const parts: string[] = [];
    if (!online) parts.push('You are offline');
    else if (!prev.online) parts.push('Back online');
    if (waiting > 0) parts.push(`${plural(waiting, 'item')} waiting to sync`);
    else if (prev.waiting > 0 && failed === 0 && online) parts.push('All sent');
    if (failed > 0) parts.push(`${plural(failed, 'item')} could not be sent`);
    setMessage(parts.join('. '));
  }, [online, waiting, failed]);
  return message;
}

function FailedItems({ items }: { items: OutboxItem[] }) {
  return (
    <ul className="outbox-failed" aria-label="Items that could not be sent">
      {items.map((item) => (
        <li key={item.id}>
          <span className="outbox-label">{item.label}</span>
          <span className="outbox-error">{item.error ?? 'Invalid response'}</span>
          <span className="outbox-actions">
            <button type="button" className="btn small" onClick={() => void retryOutboxItem(item.id)}>Retry</button>
            <button type="button" className="btn small" onClick={() => void discardOutboxItem(item.id)}>Discard</button>
          </span>
        </li>
      ))}
    </ul>
  );
}
