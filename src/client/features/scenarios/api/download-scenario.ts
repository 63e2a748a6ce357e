// GET /api/scenarios/download/{id}: a signed URL and file name. Inside the native app the URL and
// file name go to the 'scenarioimport' handler; in a browser we navigate to the URL.
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
import { isNativeApp, postNative } from '../../../lib/native-bridge';

export const getScenarioDownload = (id: number) => call(scenariosApi.downloadScenario, { params: { id } });

export async function downloadScenario(id: number): Promise<void> {
  const { url, fileName } = await getScenarioDownload(id);
  if (isNativeApp()) {
    postNative('scenarioimport', { url: new URL(url, window.location.origin).toString(), fileName });
    return;
  }
  window.location.assign(url);
}
