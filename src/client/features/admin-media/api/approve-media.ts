// POST /api/media/AdminApproveMedia/{id} (admin)
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApproveAnswer } from '../../../../shared/schemas/media';
import { pendingMediaQueryKey } from './get-pending-media';

export const approveMedia = (id: number) => api<ApproveAnswer>(`/api/media/AdminApproveMedia/${id}`, { method: 'POST' });

export function useApproveMedia() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveMedia, onSettled: () => qc.invalidateQueries({ queryKey: pendingMediaQueryKey }) });
}
