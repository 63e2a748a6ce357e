// Support (/me/support): contact offices for Australia, America and Europe, from the server's
// configuration (SUPPORT_OFFICES; the README lists the defaults).
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { useSite } from '../../../lib/site';

export function Component() {
  const { t } = useTranslation('misc');
  const { data, isLoading, error } = useSite();
  return (
    <section className="support-page">
      <h1>{t('support.title')}</h1>
      <p className="muted">{t('support.intro')}</p>
      {isLoading && <Spinner label={t('support.loading')} />}
      {error && <p className="alert error">{(error as Error).message}</p>}
      <div className="grid offices">
        {data?.supportOffices.map((o) => (
          <section key={o.region} className="card office" aria-labelledby={`office-${o.region}`}>
            <h2 id={`office-${o.region}`}>{o.region}</h2>
            <p><strong>{o.name}</strong><br />{o.address}</p>
            <p>
              {t('support.phone')} <a href={`tel:${o.phone.replace(/[^\d+]/g, '')}`}>{o.phone}</a><br />
              {t('support.email')} <a className="office-email" href={`mailto:${o.email}`}>{o.email}</a><br />
              <span className="muted">{o.hours}</span>
            </p>
          </section>
        ))}
      </div>
    </section>
  );
}
