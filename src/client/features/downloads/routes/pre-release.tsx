// Pre-releases (/me/pre-release, isPreRelease users only; spec section 2): each app's latest build
// with its version, date and manifest file name, and a Download link to /api/prerelease/download/<app>
// that installs it over the air; apps with no build say so. The native app is told to use Safari.
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { isNativeApp } from '../../../lib/native-bridge';
import { formatDate, formatFileSize } from '../../../i18n/format';
import { usePreReleases } from '../api/get-pre-releases';
import './builds.css';


export function Component() {
  const native = isNativeApp();
  const { data, isPending, error } = usePreReleases();
  // A Download the server could not serve comes back here with its reason.
  const [params] = useSearchParams();
  const downloadError = params.get('error');
  return (
    <section className="card">
      <h1>Pre-Release</h1>
      {downloadError && <p className="alert error" role="alert">{downloadError}</p>}
      {native && (
        <p className="alert info" role="note">
          Pre-release apps cannot be installed from inside the app. Please open this page in Safari to download them.
        </p>
      )}
      <p className="muted">Test builds of our apps. They may be unstable; please report problems to support.</p>
      <p className="help">Tap Download on the iPad in Safari to install. Afterwards trust the developer profile in Settings &gt; General &gt; VPN &amp; Device Management.</p>
      {isPending ? (
        <Spinner label="Loading builds" />
      ) : error ? (
        <p className="alert error" role="alert">{error.message}</p>
      ) : (
        <div className="table-wrap">
          <table className="pre-release-table">
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">Version</th>
                <th scope="col">Manifest</th>
                <th scope="col"><span className="visually-hidden">Download</span></th>
              </tr>
            </thead>
            <tbody>
              {data.apps.map((app) => (
                <tr key={app.key} data-testid={`pre-release-${app.key}`}>
                  <td data-label="App">{app.name}</td>
                  {app.build ? (
                    <>
                      <td data-label="Version">
                        <div>
                          {app.build.version}
                          <div className="muted small">{formatDate(app.build.created_at)} · {formatFileSize(app.build.file_size)}</div>
                        </div>
                      </td>
                      <td data-label="Manifest"><code>{app.build.manifest_file_name}</code></td>
                      <td>
                        <a className="btn" href={app.download_url} aria-label={`Download ${app.name}`}>Download</a>
                      </td>
                    </>
                  ) : (
                    <td colSpan={3} className="muted">No pre-release build yet</td>
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
