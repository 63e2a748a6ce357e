// POST /api/media/AdminApproveMedia/{id} (admin)
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as mediaApi from '../../../../shared/endpoints/media';
import { pendingMediaQueryKey } from './get-pending-media';

export const approveMedia = (id: number) => call(mediaApi.approveMedia, { params: { id } });

export function useApproveMedia() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveMedia, onSettled: () => qc.invalidateQueries({ queryKey: pendingMediaQueryKey }) });
}
