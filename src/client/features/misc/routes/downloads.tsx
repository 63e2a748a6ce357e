// Downloads (/me/downloads): CTGi 3.10.1 install link and how to trust the developer profile.
export const CTGI_VERSION = '3.10.1';

/** iOS installs an in-house build from a manifest through an itms-services link. */
const installLink = () =>
  `itms-services://?action=download-manifest&url=${encodeURIComponent(`${window.location.origin}/downloads/ctgi-${CTGI_VERSION}.plist`)}`;

export function Component() {
  return (
    <section className="card">
      <h1>Downloads</h1>
      <h2>CTGi {CTGI_VERSION}</h2>
      <p>Install CTGi on your iPad from this link:</p>
      <p>
        <a className="btn primary" href={installLink()}>Install CTGi {CTGI_VERSION}</a>
      </p>
      <h3>After installing</h3>
      <p>
        Before the app opens for the first time you must trust its developer profile: on the iPad open
        {' '}<strong>Settings &gt; General &gt; VPN &amp; Device Management</strong>, tap the iSimulate developer profile and
        tap <strong>Trust</strong>.
      </p>
    </section>
  );
}
