// POST /api/media/AdminRejectMedia/{id} (admin): { reason, otherReason? }
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as mediaApi from '../../../../shared/endpoints/media';
import type { DeclineReason } from '../../../../shared/schemas/media';
import { pendingMediaQueryKey } from './get-pending-media';

export interface RejectInput {
  id: number;
  reason: DeclineReason;
  otherReason?: string;
}

export const rejectMedia = ({ id, ...body }: RejectInput) => call(mediaApi.rejectMedia, { params: { id }, body });

export function useRejectMedia() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: rejectMedia, onSettled: () => qc.invalidateQueries({ queryKey: pendingMediaQueryKey }) });
}
