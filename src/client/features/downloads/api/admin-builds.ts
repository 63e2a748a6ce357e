// Admin: GET/POST /api/admin/builds (multipart upload of an .ipa) and DELETE /api/admin/builds/{id}.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { AppBuild } from '../../../../shared/schemas/builds';

export const adminBuildsQueryKey = ['builds', 'admin'] as const;

export const adminBuildsQueryOptions = () =>
  queryOptions({ queryKey: adminBuildsQueryKey, queryFn: () => api<{ builds: AppBuild[] }>('/api/admin/builds'), staleTime: 0 });

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
  return api<{ build: AppBuild }>('/api/admin/builds', { method: 'POST', body: form });
}

export function useUploadBuild() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadBuild, onSettled: () => qc.invalidateQueries({ queryKey: ['builds'] }) });
}

export function useDeleteBuild() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/api/admin/builds/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['builds'] }),
  });
}
