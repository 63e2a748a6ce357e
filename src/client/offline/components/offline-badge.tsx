// Tells the user whether a favourite is kept on this device: 'Available offline',
// 'Saving for offline use...' or 'Not available offline' with the reason.
import type { OfflineKind } from '../favourites';
import { useOfflineAvailability } from '../later';

export function OfflineBadge({ kind, id }: { kind: OfflineKind; id: string }) {
  const state = useOfflineAvailability(kind, id);
  if (state === 'stored') return <span className="badge offline-ready" data-testid="offline-badge">Available offline</span>;
  if (state === 'storing') return <span className="badge" data-testid="offline-badge">Saving for offline use...</span>;
  if (state === 'failed') return <span className="badge warn" data-testid="offline-badge">Not available offline</span>;
  return null;
}
