// POST /api/media/Delete/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MediaDeleteAnswer } from '../../../../shared/schemas/media';
import { mediaQueryKey } from './get-media-library';

export const deleteMedia = (id: number) => api<MediaDeleteAnswer>(`/api/media/Delete/${id}`, { method: 'POST' });

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
