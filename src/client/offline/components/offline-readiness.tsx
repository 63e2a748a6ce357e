// Whether this device is ready to go offline: 'Saving 4 of 6 for offline use' while the favourites'
// files come, 'Ready for offline' once every one is kept, and, with no connection, how many are kept
// and that saving goes on when it returns. A polite live region, so the change is heard too.
import { useTranslation } from 'react-i18next';
import { useOfflineProgress } from '../favourites';
import { useOnline } from '../use-online';

export function OfflineReadiness() {
  const { t } = useTranslation('offline');
  const progress = useOfflineProgress();
  const online = useOnline();
  if (!progress || progress.total === 0) return null;
  const { total, kept, storing, failed } = progress;
  const ready = kept === total;
  let text: string;
  if (ready) text = t('readiness.ready');
  else if (!online) text = t('readiness.waiting', { kept, total });
  else if (storing > 0) text = t('readiness.saving', { current: Math.min(kept + 1, total), total });
  else text = t('readiness.partly', { kept, total });
  return (
    <div className={`offline-readiness${ready ? ' is-ready' : ''}`}>
      <p role="status" data-testid="offline-readiness">{text}</p>
      {!ready && <progress max={total} value={kept} aria-hidden="true" />}
      {online && !ready && storing === 0 && failed > 0 && <p className="muted small">{t('readiness.failed', { count: failed })}</p>}
    </div>
  );
}
