// Profile (/me, spec section 2): account details, organisation with its register link, the
// 'Link Organisation' control, sharing (default licence, items awaiting the de-identification
// confirmation), the Favourite Scenarios card and this device's offline storage.
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useMe } from '../../../lib/current-user';
import { CopyRegisterLink } from '../components/copy-register-link';
import { FavouriteScenariosCard } from '../components/favourite-scenarios-card';
import { LinkOrganisation } from '../components/link-organisation';
import { OfflineStorage } from '../../../offline/components/offline-storage';
import { LanguageSelect } from '../components/language-select';
import { ExchangeCard } from '../components/exchange-card';

const formatDateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }) : 'Never';

export function Component() {
  const { data: me } = useMe();
  if (!me) return <Spinner label="Loading" />;
  const org = me.organisation;
  return (
    <div className="profile-page">
      <section className="card" aria-labelledby="profile-title">
        <div className="card-header">
          <h1 id="profile-title">{me.first_name} {me.last_name}</h1>
          <div className="row-actions">
            <Link to="/me/profile" className="btn">Update details</Link>
            <Link to="/me/password" className="btn">Change password</Link>
          </div>
        </div>
        <dl className="details">
          <dt>Username</dt>
          <dd>{me.username}</dd>
          <dt>Last login</dt>
          <dd>{formatDateTime(me.last_login)}</dd>
          <dt>Email</dt>
          <dd>{me.email}</dd>
          <dt>Mobile phone</dt>
          <dd>{me.mobile_phone || <span className="muted">Not set</span>}</dd>
        </dl>
        <LanguageSelect />
      </section>

      <section className="card" aria-labelledby="org-title">
        <h2 id="org-title">Organisation</h2>
        {org ? (
          <>
            <dl className="details">
              <dt>Name</dt>
              <dd>{org.name}</dd>
              <dt>Website</dt>
              <dd>{org.website ? <a href={org.website} target="_blank" rel="noreferrer">{org.website}</a> : <span className="muted">None</span>}</dd>
              <dt>Code</dt>
              <dd>{org.organisation_code}</dd>
            </dl>
            <CopyRegisterLink code={org.organisation_code} />
          </>
        ) : (
          <p className="muted">You are not linked to an organisation.</p>
        )}
        <LinkOrganisation />
      </section>

      <ExchangeCard />
      <FavouriteScenariosCard />
      <OfflineStorage />
    </div>
  );
}
