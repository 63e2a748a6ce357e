// PATCH /api/media/Edit/{id}: name, description, tags, privacy_level; answers newLevel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MediaItem } from '../../../../shared/schemas/media';
import { mediaQueryKey } from './get-media-library';

export interface EditMediaInput {
  id: number;
  name?: string;
  description?: string;
  tags?: number[];
  privacy_level?: 0 | 2;
}

export const editMedia = ({ id, ...body }: EditMediaInput) =>
  api<{ newLevel: number; media: MediaItem }>(`/api/media/Edit/${id}`, { method: 'PATCH', body });

export function useEditMedia() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editMedia, onSuccess: () => qc.invalidateQueries({ queryKey: mediaQueryKey }) });
}
