// The offline banner and sync badge: shows when the server cannot be reached, how many
// writes wait to sync, a 'Sync now' button, and the items the server refused with Retry / Discard.
import { useEffect, useState } from 'react';
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

  if (online && waiting.length === 0 && failed.length === 0) return null;

  const sync = async () => {
    setSyncing(true);
    try {
      await syncNow();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <div className={`offline-status${online ? '' : ' is-offline'}`} role="status" aria-live="polite" data-testid="offline-status">
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
  );
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
