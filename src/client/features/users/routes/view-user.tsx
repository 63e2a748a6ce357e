// /view-user/:id : another user's details, public scenarios and favourites (spec section 2).
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { EmptyState } from '../../../components/empty-state';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { useUserDetails } from '../api/get-user-details';
import { useUserFavouriteScenarios, useUserPublicScenarios } from '../api/get-user-scenarios';
import { ScenarioCard } from '../../scenarios/components/card/scenario-card';
import { useItemTitle } from '../../../app/screen-title';

function ScenarioList({ title, list, loading, empty }: { title: string; list?: Scenario[]; loading: boolean; empty: string }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {loading && <Spinner />}
      {list && list.length === 0 && <p className="muted">{empty}</p>}
      {list?.map((s) => <ScenarioCard key={s.id} scenario={s} />)}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const user = useUserDetails(id);
  const pub = useUserPublicScenarios(id);
  const favs = useUserFavouriteScenarios(id);
  useItemTitle(user.data ? `${user.data.first_name} ${user.data.last_name}` : undefined);
  if (user.isLoading) return <Spinner label={t('viewUser.loading')} />;
  if (user.error || !user.data) return <EmptyState title={t('viewUser.notFound')}><Link to="/feed">{t('viewUser.backToFeed')}</Link></EmptyState>;
  const u = user.data;
  return (
    <div className="view-user">
      <div className="card user-details">
        <span className="avatar large" aria-hidden="true">{u.first_name.charAt(0)}{u.last_name.charAt(0)}</span>
        <div>
          <h1>{u.first_name} {u.last_name}</h1>
          <p className="muted">@{u.username}</p>
          {u.organisation && (
            <p>
              {u.organisation.name}
              {u.organisation.website && (
                <> · <a href={u.organisation.website} target="_blank" rel="noopener noreferrer">{u.organisation.website}</a></>
              )}
            </p>
          )}
        </div>
      </div>
      <div className="two-col">
        <ScenarioList title={t('viewUser.publicScenarios')} list={pub.data} loading={pub.isLoading} empty={t('viewUser.noPublic')} />
        <ScenarioList title={t('viewUser.favouriteScenarios')} list={favs.data} loading={favs.isLoading} empty={t('viewUser.noFavourites')} />
      </div>
    </div>
  );
}
