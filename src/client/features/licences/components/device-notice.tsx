// Licences are managed from the device (spec sections 2 and 6): the notice a plain browser gets,
// and the wait for the wrapper's device info.
import { Link } from 'react-router-dom';

export function BrowserNotice() {
  return (
    <div className="alert info" role="note" data-testid="licence-browser-notice">
      <p><strong>Licences are managed on the device.</strong></p>
      <p>Please sign in from the app on the iPad you want to license to claim or relinquish its licence.</p>
      <p><Link to="/me/downloads">Get the apps</Link></p>
    </div>
  );
}

export function WaitingForDevice() {
  return <p className="alert info" role="status">Waiting for the device to report its ID and product…</p>;
}
