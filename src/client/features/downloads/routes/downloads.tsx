// Downloads (/me/downloads, spec section 2): the released apps (CTGi 3.10.1) with an itms-services://
// install link to a real manifest served as XML, and how to trust the developer profile.
import { Trans, useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { useDownloads } from '../api/get-downloads';

export function Component() {
  const { t } = useTranslation('misc');
  const { data, isPending, error } = useDownloads();
  return (
    <section className="card">
      <h1>{t('downloads.title')}</h1>
      {isPending ? (
        <Spinner label={t('downloads.loading')} />
      ) : error ? (
        <p className="alert error" role="alert">{error.message}</p>
      ) : !data.downloads.length ? (
        <p className="muted">{t('downloads.empty')}</p>
      ) : (
        data.downloads.map(({ build, install_url }) => (
          <div key={build.id} data-testid={`download-${build.app}`}>
            <h2>{build.app_name} {build.version}</h2>
            <p>{t('downloads.installFrom', { app: build.app_name })}</p>
            <p>
              <a className="btn primary" href={install_url}>{t('downloads.install', { app: build.app_name, version: build.version })}</a>
            </p>
          </div>
        ))
      )}
      <h3>{t('downloads.afterInstalling')}</h3>
      <p>
        <Trans t={t} i18nKey="downloads.trust" components={{ strong: <strong /> }} />
      </p>
    </section>
  );
}
