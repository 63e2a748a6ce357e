// The offline banner's first part, in the app's first script: 'You are offline' (or, on a link
// that answers nothing, 'The server is not answering...') shows with the first paint of a start
// without the server. The rest (the outbox: items waiting, Sync now, Retry and Discard) needs the
// offline database's code and joins it once that has loaded (offline-status.tsx).
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNow } from '../../lib/lazy-now';
import { useOnline, useUnreachableReason } from '../use-online';

const OfflineStatus = lazyNow(() => import('./offline-status').then((m) => ({ default: m.OfflineStatus })));

export function OfflineBanner() {
  const online = useOnline();
  const fallback = online ? null : (
    <div className="offline-status is-offline" data-testid="offline-status">
      <div className="offline-status-bar">
        <OfflineLabel />
      </div>
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <OfflineStatus />
    </Suspense>
  );
}

/** Why the server cannot be reached, in the banner. */
export function OfflineLabel() {
  const { t } = useTranslation('offline');
  const reason = useUnreachableReason();
  return <strong className="offline-label">{reason === 'no-answer' ? t('serverNotAnswering') : t('youAreOffline')}</strong>;
}
