// Device-aware download (spec section 2): CTGi devices get only CTGi scenarios, other devices only
// non-CTGi ones, and without device info everything can be downloaded.
import { useState } from 'react';
import { useDeviceInfo, isCtgiDevice, type DeviceInfo } from '../../../lib/native-bridge';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { downloadScenario } from '../api/download-scenario';

export function canDownloadOn(info: DeviceInfo, scenario: Pick<Scenario, 'is_ctgi'>): boolean {
  if (!info.hasInfo) return true;
  return isCtgiDevice(info) === scenario.is_ctgi;
}

export function DownloadButton({ scenario, className = 'btn' }: { scenario: Scenario; className?: string }) {
  const info = useDeviceInfo();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!canDownloadOn(info, scenario)) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadScenario(scenario.id);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'Invalid response', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy || !scenario.is_processed} aria-label={`Download ${scenario.name}`}>
      Download
    </button>
  );
}
