// Downloads (/me/downloads, spec section 2): the released apps (CTGi 3.10.1) with an itms-services://
// install link to a real manifest served as XML, and how to trust the developer profile.
import { Spinner } from '../../../components/spinner';
import { useDownloads } from '../api/get-downloads';

export function Component() {
  const { data, isPending, error } = useDownloads();
  return (
    <section className="card">
      <h1>Downloads</h1>
      {isPending ? (
        <Spinner label="Loading downloads" />
      ) : error ? (
        <p className="alert error" role="alert">{error.message}</p>
      ) : !data.downloads.length ? (
        <p className="muted">There are no app downloads yet.</p>
      ) : (
        data.downloads.map(({ build, install_url }) => (
          <div key={build.id} data-testid={`download-${build.app}`}>
            <h2>{build.app_name} {build.version}</h2>
            <p>Install {build.app_name} on your iPad from this link (open this page in Safari on the iPad):</p>
            <p>
              <a className="btn primary" href={install_url}>Install {build.app_name} {build.version}</a>
            </p>
          </div>
        ))
      )}
      <h3>After installing</h3>
      <p>
        Before the app opens for the first time you must trust its developer profile: on the iPad open
        {' '}<strong>Settings &gt; General &gt; VPN &amp; Device Management</strong>, tap the iSimulate developer profile and
        tap <strong>Trust</strong>.
      </p>
    </section>
  );
}
