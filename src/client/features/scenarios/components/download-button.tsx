// Device-aware download (spec section 2): CTGi devices get only CTGi scenarios, other devices only
// non-CTGi ones, and without device info everything can be downloaded. A favourite kept on this
// device downloads from there when the network is gone.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceInfo, isCtgiDevice, type DeviceInfo } from '../../../lib/native-bridge';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { downloadOfflineFile, useOfflineAvailability } from '../../../offline/later';
import { useOnline } from '../../../offline/use-online';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { downloadScenario } from '../api/download-scenario';

export function canDownloadOn(info: DeviceInfo, scenario: Pick<Scenario, 'is_ctgi'>): boolean {
  if (!info.hasInfo) return true;
  return isCtgiDevice(info) === scenario.is_ctgi;
}

export function DownloadButton({ scenario, className = 'btn' }: { scenario: Scenario; className?: string }) {
  const { t } = useTranslation('scenarios');
  const info = useDeviceInfo();
  const toast = useToast();
  const online = useOnline();
  const kept = useOfflineAvailability('scenario', scenario.uuid_id) === 'stored';
  const [busy, setBusy] = useState(false);
  if (!canDownloadOn(info, scenario)) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      // Inside the device app a kept copy goes to its scenario import with the file's content.
      if (!online && kept) {
        if ((await downloadOfflineFile('scenario', scenario.uuid_id)) === 'device') toast(t('actions.sentToDevice'));
      } else await downloadScenario(scenario.id);
    } catch (err) {
      // The network dropped under us: a kept copy still downloads.
      if (err instanceof ApiError && err.status === 0 && kept && (await downloadOfflineFile('scenario', scenario.uuid_id))) return;
      toast(err instanceof ApiError ? err.message : t('actions.invalidResponse'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy || !scenario.is_processed || (!online && !kept)} aria-label={t('actions.downloadName', { name: scenario.name })}>
      {t('actions.download')}
    </button>
  );
}
