// Tells the user whether a favourite is kept on this device: 'Available offline',
// 'Saving for offline use...' or 'Not available offline' with the reason.
import { useTranslation } from 'react-i18next';
import type { OfflineKind } from '../favourites';
import { useOfflineAvailability } from '../later';

export function OfflineBadge({ kind, id }: { kind: OfflineKind; id: string }) {
  const state = useOfflineAvailability(kind, id);
  const { t } = useTranslation('offline');
  if (state === 'stored') return <span className="badge offline-ready" data-testid="offline-badge">{t('badge.stored')}</span>;
  if (state === 'storing') return <span className="badge" data-testid="offline-badge">{t('badge.storing')}</span>;
  if (state === 'failed') return <span className="badge warn" data-testid="offline-badge">{t('badge.failed')}</span>;
  return null;
}
