import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { OfflineBadge } from '../../../offline/components/offline-badge';
import { useMyFavouriteScenarios } from '../../../lib/favourites';

export function FavouriteScenariosCard() {
  const { t } = useTranslation('users');
  const favourites = useMyFavouriteScenarios();
  return (
    <section className="card" aria-labelledby="fav-scenarios">
      <h2 id="fav-scenarios">{t('favourites.title')}</h2>
      {favourites.isPending ? (
        <Spinner label={t('favourites.loading')} />
      ) : favourites.isError || !favourites.data.length ? (
        <p className="muted">{t('favourites.empty')}</p>
      ) : (
        <ul className="plain-list">
          {favourites.data.map((s) => (
            <li key={s.uuid_id}>
              <Link to={`/scenario/${s.uuid_id}`}>{s.name}</Link> <OfflineBadge kind="scenario" id={s.uuid_id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
