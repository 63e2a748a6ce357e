// Pre-releases (/me/pre-release, isPreRelease users only): download links to
// /api/prerelease/download/<name> plus the manifest file name; the native app is told to use Safari.
import { PRODUCT_NAME } from '../../../../shared/enums';
import { isNativeApp } from '../../../lib/native-bridge';

export const PRE_RELEASE_APPS = [
  { name: 'REALITI Check', key: 'realiti-check' },
  { name: 'ALSi', key: 'alsi' },
  { name: 'CTGi', key: 'ctgi' },
  { name: `${PRODUCT_NAME} Nano`, key: 'realiti-nano' },
  { name: 'Demo', key: 'demo' },
  { name: 'Simscope Check', key: 'simscope-check' },
];

export function Component() {
  const native = isNativeApp();
  return (
    <section className="card">
      <h1>Pre-Release</h1>
      {native && (
        <p className="alert info" role="note">
          Pre-release apps cannot be installed from inside the app. Please open this page in Safari to download them.
        </p>
      )}
      <p className="muted">Test builds of our apps. They may be unstable; please report problems to support.</p>
      <table className="pre-release-table">
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Manifest</th>
            <th scope="col"><span className="visually-hidden">Download</span></th>
          </tr>
        </thead>
        <tbody>
          {PRE_RELEASE_APPS.map((app) => (
            <tr key={app.key}>
              <td>{app.name}</td>
              <td><code>{app.key}.plist</code></td>
              <td>
                <a className="btn" href={`/api/prerelease/download/${app.key}`} aria-label={`Download ${app.name}`}>Download</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
