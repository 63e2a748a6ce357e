// The feed's side column: a mini list of my groups and my favourite scenarios.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useMyGroups } from '../../../lib/my-groups';
import { useMyFavouriteScenarios } from '../../../lib/favourites';
import { lazyNow } from '../../../lib/lazy-now';

// 'Available offline' reads the offline database: loaded beside the feed, not before it.
const OfflineBadge = lazyNow(() => import('../../../offline/components/offline-badge').then((m) => ({ default: m.OfflineBadge })));
// 'Saving 4 of 6 for offline use', then 'Ready for offline': whether this device can go offline.
const OfflineReadiness = lazyNow(() => import('../../../offline/components/offline-readiness').then((m) => ({ default: m.OfflineReadiness })));

function MyGroups() {
  const { data: groups, isLoading, isError, error } = useMyGroups();
  const { t } = useTranslation('feed');
  return (
    <section className="card side-card" aria-labelledby="my-groups-heading">
      <h2 id="my-groups-heading">{t('side.myGroups')}</h2>
      {isLoading && <Spinner label={t('side.loadingGroups')} />}
      {isError && <p className="alert error" role="alert">{(error as Error).message}</p>}
      {groups && groups.length === 0 && <p className="muted">{t('side.noGroups')}</p>}
      {groups && groups.length > 0 && (
        <ul className="side-list">
          {groups.slice(0, 8).map((g) => (
            <li key={g.id}><Link to={`/forum/group/${g.id}`}>{g.name}</Link></li>
          ))}
        </ul>
      )}
      <Link to="/me/forum/groups" className="small">{t('side.allMyGroups')}</Link>
    </section>
  );
}

function FavouriteScenarios() {
  const { data, isError } = useMyFavouriteScenarios();
  const { t } = useTranslation('feed');
  if (isError || !data) return null;
  return (
    <section className="card side-card" aria-labelledby="fav-scenarios-heading">
      <h2 id="fav-scenarios-heading">{t('side.favouriteScenarios')}</h2>
      <Suspense fallback={null}><OfflineReadiness /></Suspense>
      {data.length === 0 ? (
        <p className="muted">{t('side.noFavourites')}</p>
      ) : (
        <ul className="side-list">
          {data.slice(0, 10).map((s) => (
            <li key={s.id}><Link to={`/scenario/${s.uuid_id}`}>{s.name}</Link> <Suspense fallback={null}><OfflineBadge kind="scenario" id={s.uuid_id} /></Suspense></li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function FeedSideColumn() {
  return (
    <aside className="feed-side">
      <MyGroups />
      <FavouriteScenarios />
    </aside>
  );
}
