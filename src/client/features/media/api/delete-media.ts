// POST /api/media/Delete/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as mediaApi from '../../../../shared/endpoints/media';
import { mediaQueryKey } from './get-media-library';

export const deleteMedia = (id: number) => call(mediaApi.deleteMedia, { params: { id } });

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
