// Shown in place of a screen that failed to render or whose code could not be fetched (a dropped
// network before the service worker kept the app's files), inside the app's frame so the navigation
// stays usable. A module whose fetch failed stays failed for the page's life, so the way on is a reload.
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/chunk-error';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  return (
    <section className="card empty-state" role="alert">
      <h1>{chunk ? t('routeError.notLoadedTitle') : t('routeError.failedTitle')}</h1>
      <p>{chunk ? t('routeError.notLoadedText') : t('routeError.failedText')}</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </section>
  );
}
