// POST /api/media/AdminRejectMedia/{id} (admin): { reason, otherReason? }
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DeclineReason, RejectAnswer } from '../../../../shared/schemas/media';
import { pendingMediaQueryKey } from './get-pending-media';

export interface RejectInput {
  id: number;
  reason: DeclineReason;
  otherReason?: string;
}

export const rejectMedia = ({ id, ...body }: RejectInput) => api<RejectAnswer>(`/api/media/AdminRejectMedia/${id}`, { method: 'POST', body });

export function useRejectMedia() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: rejectMedia, onSettled: () => qc.invalidateQueries({ queryKey: pendingMediaQueryKey }) });
}
