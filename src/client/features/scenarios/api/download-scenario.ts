// GET /api/scenarios/download/{id}: a signed URL and file name. Inside the native app the URL and
// file name go to the 'scenarioimport' handler; in a browser we navigate to the URL.
import { api } from '../../../lib/api';
import { isNativeApp, postNative } from '../../../lib/native-bridge';
import type { DownloadLink } from '../../../../shared/schemas/common';

export const getScenarioDownload = (id: number) => api<DownloadLink>(`/api/scenarios/download/${id}`);

export async function downloadScenario(id: number): Promise<void> {
  const { url, fileName } = await getScenarioDownload(id);
  if (isNativeApp()) {
    postNative('scenarioimport', { url: new URL(url, window.location.origin).toString(), fileName });
    return;
  }
  window.location.assign(url);
}
