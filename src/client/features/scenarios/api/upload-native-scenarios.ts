// Native import (spec section 2, 'Import from REALITi'): the wrapper lists scenario files on the device
// ('getscenariospath' -> { files: UploadItem[] }) and hands one over as base64
// ('getscenariofile' { path } -> { fileName, base64 }); selected files go to POST /api/scenarios/upload
// (multipart, field scenFiles), the call the native wrapper also uses.
import { api } from '../../../lib/api';
import { requestNative } from '../../../lib/native-bridge';

export interface NativeUploadItem {
  id: string;
  name: string;
  humanName?: string;
  path: string;
  extension?: string;
}

export interface UploadResult {
  errors: { filename: string; message: string }[];
  successes: { filename: string; uuid_id?: string }[];
}

export async function listDeviceScenarios(): Promise<NativeUploadItem[]> {
  const answer = await requestNative<{ files?: NativeUploadItem[] } | NativeUploadItem[] | null>('getscenariospath');
  const files = Array.isArray(answer) ? answer : answer?.files ?? [];
  return files.map((f, i) => ({ ...f, id: String(f.id ?? i + 1) }));
}

export async function uploadDeviceScenario(item: NativeUploadItem): Promise<UploadResult> {
  const file = await requestNative<{ fileName?: string; base64: string }>('getscenariofile', { path: item.path }, 120_000);
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const form = new FormData();
  form.append('scenFiles', new Blob([bytes]), file.fileName ?? item.name);
  return api<UploadResult>('/api/scenarios/upload', { method: 'POST', body: form, headers: { 'Idempotency-Key': crypto.randomUUID() } });
}
