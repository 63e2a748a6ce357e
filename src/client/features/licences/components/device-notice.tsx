// Licences are managed from the device (spec sections 2 and 6): the notice a plain browser gets,
// and the wait for the wrapper's device info.
import { Link } from 'react-router-dom';
import { useLicencesT } from './texts';

export function BrowserNotice() {
  const t = useLicencesT();
  return (
    <div className="alert info" role="note" data-testid="licence-browser-notice">
      <p><strong>{t('device.managedOnDevice')}</strong></p>
      <p>{t('device.signInOnDevice')}</p>
      <p><Link to="/me/downloads">{t('device.getApps')}</Link></p>
    </div>
  );
}

export function WaitingForDevice() {
  const t = useLicencesT();
  return <p className="alert info" role="status">{t('device.waiting')}</p>;
}
