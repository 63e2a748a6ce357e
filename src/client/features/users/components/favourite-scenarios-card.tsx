import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { OfflineBadge } from '../../../offline/components/offline-badge';
import { useMyFavouriteScenarios } from '../../../lib/favourites';

export function FavouriteScenariosCard() {
  const favourites = useMyFavouriteScenarios();
  return (
    <section className="card" aria-labelledby="fav-scenarios">
      <h2 id="fav-scenarios">Favourite Scenarios</h2>
      {favourites.isPending ? (
        <Spinner label="Loading favourite scenarios" />
      ) : favourites.isError || !favourites.data.length ? (
        <p className="muted">No favourite scenarios yet</p>
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
