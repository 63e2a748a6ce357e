/// <reference types="vite-plugin-pwa/react" />
// 'A new version is available': the new service worker waits until the user chooses
// Reload, and the reload itself waits while the outbox is sending or an upload is running.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { afterFirstScreen } from '../../lib/first-screen';

/** While the page is visible, ask for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The worker is registered once the first screen has been painted: registering fetches its library
 * (workbox-window) and the worker's script, which on a slow network would compete with the screen's.
 */
export function UpdatePrompt() {
  const [started, setStarted] = useState(false);
  useEffect(() => void afterFirstScreen().then(() => setStarted(true)), []);
  return started ? <UpdateCheck /> : null;
}

function UpdateCheck() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | undefined>();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, reg) => setRegistration(reg),
  });
  const [waiting, setWaiting] = useState(false);
  const { t } = useTranslation('offline');

  useEffect(() => {
    if (!registration) return;
    const check = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void registration.update().catch(() => undefined);
    };
    const timer = setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [registration]);

  if (!needRefresh) return null;

  const reload = async () => {
    // The outbox (and its database) is loaded by then; the prompt itself stays out of the first script.
    const { isBusy, whenIdle } = await import('../busy');
    if (await isBusy()) {
      setWaiting(true);
      await whenIdle();
    }
    // vite-plugin-pwa reloads only when a worker controlled the page when it registered; a page
    // that got its first worker during this visit must reload on the switch itself.
    navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    await updateServiceWorker(true);
  };

  return (
    <div className="update-prompt" role="alertdialog" aria-label={t('update.label')} data-testid="update-prompt">
      <span>{waiting ? t('update.waiting') : t('update.available')}</span>
      <button type="button" className="btn small primary" onClick={() => void reload()} disabled={waiting}>
        {t('update.reload')}
      </button>
      {!waiting && (
        <button type="button" className="btn small" onClick={() => setNeedRefresh(false)}>
          {t('update.later')}
        </button>
      )}
    </div>
  );
}
