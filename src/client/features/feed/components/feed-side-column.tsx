// The feed's side column: a mini list of my groups and my favourite scenarios.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { OfflineBadge } from '../../../offline/components/offline-badge';
import { api } from '../../../lib/api';
import { useMyFavouriteScenarios } from '../../../lib/favourites';

interface MyGroup {
  id: number;
  name: string;
}

function MyGroups() {
  // Forum groups arrive later; until the call exists (or when it fails) the list is empty.
  const { data } = useQuery({
    queryKey: ['groups', 'mine'],
    queryFn: async () => {
      const res = await api<MyGroup[] | { groups: MyGroup[] }>('/api/forumgroup/mygroups');
      return Array.isArray(res) ? res : (res?.groups ?? []);
    },
    retry: false,
  });
  const groups = data ?? [];
  return (
    <section className="card side-card" aria-labelledby="my-groups-heading">
      <h2 id="my-groups-heading">My Groups</h2>
      {groups.length === 0 ? (
        <p className="muted">You have not joined any groups yet</p>
      ) : (
        <ul className="side-list">
          {groups.slice(0, 8).map((g) => (
            <li key={g.id}><Link to={`/forum/group/${g.id}`}>{g.name}</Link></li>
          ))}
        </ul>
      )}
      <Link to="/me/forum/groups" className="small">All my groups</Link>
    </section>
  );
}

function FavouriteScenarios() {
  const { data, isError } = useMyFavouriteScenarios();
  if (isError || !data) return null;
  return (
    <section className="card side-card" aria-labelledby="fav-scenarios-heading">
      <h2 id="fav-scenarios-heading">Favourite Scenarios</h2>
      {data.length === 0 ? (
        <p className="muted">No favourite scenarios yet</p>
      ) : (
        <ul className="side-list">
          {data.slice(0, 10).map((s) => (
            <li key={s.id}><Link to={`/scenario/${s.uuid_id}`}>{s.name}</Link> <OfflineBadge kind="scenario" id={s.uuid_id} /></li>
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
