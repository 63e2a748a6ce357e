// The loading indicator. While the server cannot be reached and the screen waits for data that
// was never kept on this device, it would spin until the network returns: after a moment (a
// copy kept on the device may still be on its way from IndexedDB) it says 'Not available offline'
// and points to what is (offline/components/not-kept-offline.tsx).
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNow } from '../lib/lazy-now';
import { useWaitingOffline } from '../offline/waiting-offline';

const NotKeptOffline = lazyNow(() => import('../offline/components/not-kept-offline').then((m) => ({ default: m.NotKeptOffline })));

/** How long a kept copy (read from IndexedDB) may take before the screen says nothing is kept. */
const KEPT_COPY_GRACE_MS = 300;

/** A busy indicator, read out as its label ('Loading' unless told). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  const waitingOffline = useWaitingOffline();
  const [notKept, setNotKept] = useState(false);
  useEffect(() => {
    if (!waitingOffline) {
      setNotKept(false);
      return;
    }
    const timer = setTimeout(() => setNotKept(true), KEPT_COPY_GRACE_MS);
    return () => clearTimeout(timer);
  }, [waitingOffline]);
  if (waitingOffline && notKept) {
    return (
      <Suspense fallback={null}>
        <NotKeptOffline />
      </Suspense>
    );
  }
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
