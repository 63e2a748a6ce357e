// Profile (/me, spec section 2): account details, organisation with its register link, the
// 'Link Organisation' control, sharing (default licence, items awaiting the de-identification
// confirmation), the Favourite Scenarios card and this device's offline storage.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format';
import { Spinner } from '../../../components/spinner';
import { useMe } from '../../../lib/current-user';
import { CopyRegisterLink } from '../components/copy-register-link';
import { FavouriteScenariosCard } from '../components/favourite-scenarios-card';
import { LinkOrganisation } from '../components/link-organisation';
import { OfflineStorage } from '../../../offline/components/offline-storage';
import { LanguageSelect } from '../components/language-select';
import { ExchangeCard } from '../components/exchange-card';

/** The profile; `children` are cards other features add below it (app/me-page.tsx). */
export function MePage({ children }: { children?: ReactNode }) {
  const { data: me } = useMe();
  const { t } = useTranslation('users');
  if (!me) return <Spinner label={t('me.loading')} />;
  const org = me.organisation;
  return (
    <div className="profile-page">
      <section className="card" aria-labelledby="profile-title">
        <div className="card-header">
          <h1 id="profile-title">{me.first_name} {me.last_name}</h1>
          <div className="row-actions">
            <Link to="/me/profile" className="btn">{t('me.updateDetails')}</Link>
            <Link to="/me/password" className="btn">{t('me.changePassword')}</Link>
          </div>
        </div>
        <dl className="details">
          <dt>{t('me.username')}</dt>
          <dd>{me.username}</dd>
          <dt>{t('me.lastLogin')}</dt>
          <dd>{me.last_login ? formatDateTime(me.last_login) : t('me.never')}</dd>
          <dt>{t('me.email')}</dt>
          <dd>{me.email}</dd>
          <dt>{t('me.mobilePhone')}</dt>
          <dd>{me.mobile_phone || <span className="muted">{t('me.notSet')}</span>}</dd>
        </dl>
        <LanguageSelect />
      </section>

      <section className="card" aria-labelledby="org-title">
        <h2 id="org-title">{t('me.organisation')}</h2>
        {org ? (
          <>
            <dl className="details">
              <dt>{t('me.orgName')}</dt>
              <dd>{org.name}</dd>
              <dt>{t('me.website')}</dt>
              <dd>{org.website ? <a href={org.website} target="_blank" rel="noreferrer">{org.website}</a> : <span className="muted">{t('me.none')}</span>}</dd>
              <dt>{t('me.code')}</dt>
              <dd>{org.organisation_code}</dd>
            </dl>
            <CopyRegisterLink code={org.organisation_code} />
          </>
        ) : (
          <p className="muted">{t('me.noOrganisation')}</p>
        )}
        <LinkOrganisation />
      </section>

      <ExchangeCard />
      <FavouriteScenariosCard />
      {children}
      <OfflineStorage />
    </div>
  );
}

export const Component = () => <MePage />;
