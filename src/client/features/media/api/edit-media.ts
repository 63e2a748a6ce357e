// PATCH /api/media/Edit/{id}: name, description, tags, privacy_level; answers newLevel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as mediaApi from '../../../../shared/endpoints/media';
import type { MediaEditInput } from '../../../../shared/schemas/media';
import { mediaQueryKey } from './get-media-library';

/** id: the numeric id or the uuid. */
export type EditMediaInput = MediaEditInput & { id: number | string };

export const editMedia = ({ id, ...body }: EditMediaInput) =>
  call(mediaApi.editMedia, { params: { id }, body });

export function useEditMedia() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editMedia, onSuccess: () => qc.invalidateQueries({ queryKey: mediaQueryKey }) });
}
