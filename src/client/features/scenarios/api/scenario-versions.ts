// A scenario's versions: GET the history, POST a new version (multipart: change_note first, then
// the file), and the signed download of one version (inside the device app it goes to the import
// handler with the version named).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { downloadScenarioVersion, getScenarioVersions, uploadScenarioVersion } from '../../../../shared/endpoints/exchange';
import { scenarioKeys } from './keys';
import { handOverDownload } from './download-scenario';

export const versionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...scenarioKeys.detail(id), 'versions'] as const, queryFn: () => call(getScenarioVersions, { params: { id } }) });

export const useScenarioVersions = (id: string) => useQuery(versionsQueryOptions(id));

export function uploadVersion({ id, changeNote, file }: { id: string; changeNote: string; file: File }) {
  const form = new FormData();
  // The note goes first so the server reads it before the (large) file.
  form.append('change_note', changeNote);
  form.append('scenFile', file, file.name);
  return call(uploadScenarioVersion, { params: { id }, body: form });
}

export function useUploadVersion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadVersion, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}

export async function downloadVersion(id: string, version: number): Promise<void> {
  handOverDownload(await call(downloadScenarioVersion, { params: { id, version } }));
}
