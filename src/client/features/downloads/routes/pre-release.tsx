// Pre-releases (/me/pre-release, isPreRelease users only; spec section 2): each app's latest build
// with its version, date and manifest file name, and a Download link to /api/prerelease/download/<app>
// that installs it over the air; apps with no build say so. The native app is told to use Safari.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { isNativeApp } from '../../../lib/native-bridge';
import { formatDate, formatFileSize } from '../../../i18n/format';
import { usePreReleases } from '../api/get-pre-releases';
import './builds.css';


export function Component() {
  const { t } = useTranslation('misc');
  const native = isNativeApp();
  const { data, isPending, error } = usePreReleases();
  // A Download the server could not serve comes back here with its reason.
  const [params] = useSearchParams();
  const downloadError = params.get('error');
  return (
    <section className="card">
      <h1>{t('preRelease.title')}</h1>
      {downloadError && <p className="alert error" role="alert">{downloadError}</p>}
      {native && (
        <p className="alert info" role="note">
          {t('preRelease.native')}
        </p>
      )}
      <p className="muted">{t('preRelease.intro')}</p>
      <p className="help">{t('preRelease.help')}</p>
      {isPending ? (
        <Spinner label={t('preRelease.loading')} />
      ) : error ? (
        <p className="alert error" role="alert">{error.message}</p>
      ) : (
        <div className="table-wrap">
          <table className="pre-release-table">
            <thead>
              <tr>
                <th scope="col">{t('preRelease.app')}</th>
                <th scope="col">{t('preRelease.version')}</th>
                <th scope="col">{t('preRelease.manifest')}</th>
                <th scope="col"><span className="visually-hidden">{t('preRelease.download')}</span></th>
              </tr>
            </thead>
            <tbody>
              {data.apps.map((app) => (
                <tr key={app.key} data-testid={`pre-release-${app.key}`}>
                  <td data-label={t('preRelease.app')}>{app.name}</td>
                  {app.build ? (
                    <>
                      <td data-label={t('preRelease.version')}>
                        <div>
                          {app.build.version}
                          <div className="muted small">{formatDate(app.build.created_at)} · {formatFileSize(app.build.file_size)}</div>
                        </div>
                      </td>
                      <td data-label={t('preRelease.manifest')}><code>{app.build.manifest_file_name}</code></td>
                      <td>
                        <a className="btn" href={app.download_url} aria-label={t('preRelease.downloadApp', { app: app.name })}>{t('preRelease.download')}</a>
                      </td>
                    </>
                  ) : (
                    <td colSpan={3} className="muted">{t('preRelease.noBuild')}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
