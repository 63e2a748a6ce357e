// Admin: GET/POST /api/admin/builds (multipart upload of an .ipa) and DELETE /api/admin/builds/{id}.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { listBuilds, createBuild, deleteBuild } from '../../../../shared/endpoints/prerelease';

export const adminBuildsQueryKey = ['builds', 'admin'] as const;

export const adminBuildsQueryOptions = () =>
  queryOptions({ queryKey: adminBuildsQueryKey, queryFn: () => call(listBuilds), staleTime: 0 });

export const useAdminBuilds = () => useQuery(adminBuildsQueryOptions());

export interface UploadBuildInput {
  app: string;
  version: string;
  channel: string;
  file: File;
}

/** The fields go first so the server reads them before the (large) file. */
export function uploadBuild({ app, version, channel, file }: UploadBuildInput) {
  const form = new FormData();
  form.append('app', app);
  form.append('version', version);
  form.append('channel', channel);
  form.append('file', file, file.name);
  return call(createBuild, { body: form });
}

export function useUploadBuild() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadBuild, onSettled: () => qc.invalidateQueries({ queryKey: ['builds'] }) });
}

export function useDeleteBuild() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteBuild, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['builds'] }),
  });
}
