// POST /api/media/Delete/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mediaQueryKey } from './get-media-library';

export const deleteMedia = (id: number) => api<{ deleted: boolean; message: string }>(`/api/media/Delete/${id}`, { method: 'POST' });

export function useDeleteMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: [...mediaQueryKey, 'item'] });
      void qc.invalidateQueries({ queryKey: mediaQueryKey });
      void id;
    },
  });
}
