// 'Not available offline': what a screen shows in place of its spinner when it waits for the
// server and nothing of it is kept on this device. It points to what does open offline: the
// pages this device opened online and the favourites kept on it.
import { useId, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/current-user';
import { useOfflineFavourites } from '../favourites';
import { visitedPages } from '../visited';

export function NotKeptOffline() {
  const { t } = useTranslation('offline');
  const { data: me } = useMe();
  const location = useLocation();
  const here = location.pathname + location.search;
  const user = me?.uuid_id;
  const visited = useMemo(() => (user ? visitedPages(user).filter((v) => v.path !== here) : []), [user, here]);
  const favourites = useOfflineFavourites().filter((f) => f.status === 'stored');
  const id = useId();
  return (
    <div className="card not-kept-offline" data-testid="not-kept-offline">
      <h2>{t('notKept.title')}</h2>
      <p>{t('notKept.body')}</p>
      <div className="not-kept-lists">
        <section aria-labelledby={`${id}-visited`}>
          <h3 id={`${id}-visited`}>{t('notKept.visited')}</h3>
          {visited.length ? (
            <ul>
              {visited.map((v) => (
                <li key={v.path}><Link to={v.path}>{v.title}</Link></li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('notKept.noVisited')}</p>
          )}
        </section>
        <section aria-labelledby={`${id}-favourites`}>
          <h3 id={`${id}-favourites`}>{t('notKept.favourites')}</h3>
          {favourites.length ? (
            <ul>
              {favourites.map((f) => (
                <li key={f.key}>
                  <Link to={f.kind === 'scenario' ? `/scenario/${f.id}` : `/media/${f.id}`}>{f.name}</Link>{' '}
                  <span className="muted small">{t(f.kind === 'scenario' ? 'notKept.scenario' : 'notKept.media')}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('notKept.noFavourites')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
