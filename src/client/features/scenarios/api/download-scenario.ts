// GET /api/scenarios/download/{id}: a signed URL, file name, version and attribution. Inside the
// native app they go to the 'scenarioimport' handler (docs/native-bridge.md); in a browser we navigate to the URL.
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
import type { ScenarioDownload } from '../../../../shared/schemas/scenarios';
import { isNativeApp, postNative } from '../../../lib/native-bridge';

export const getScenarioDownload = (id: number) => call(scenariosApi.downloadScenario, { params: { id } });

/** Hand a signed download to the device app (naming the version) or to the browser. */
export function handOverDownload({ url, fileName, version, attribution }: ScenarioDownload): void {
  if (isNativeApp()) {
    postNative('scenarioimport', { url: new URL(url, window.location.origin).toString(), fileName, version, attribution });
    return;
  }
  window.location.assign(url);
}

export async function downloadScenario(id: number): Promise<void> {
  handOverDownload(await getScenarioDownload(id));
}
