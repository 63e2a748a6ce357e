// PATCH /api/media/Edit/{id} with privacy_level public, from the post composer's picker: a post
// shows only public media to others, so the picker offers this one step for a private item.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { editMedia } from '../../../../shared/endpoints/media';
import { PrivacyLevel } from '../../../../shared/enums';

/**
 * An image goes public with its alt text (the one given here, or the one it has); `confirmed`: the
 * owner confirmed no real patient can be identified (making media public needs it).
 */
export const makeMediaPublic = ({ id, altText, confirmed }: { id: number; altText?: string; confirmed: boolean }) =>
  call(editMedia, {
    params: { id },
    body: { privacy_level: PrivacyLevel.Public, ...(altText !== undefined ? { alt_text: altText } : {}), ...(confirmed ? { confirm_deidentified: true as const } : {}) },
  });

export function useMakeMediaPublic() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: makeMediaPublic,
    // The picker's pages and every media list show the item's privacy.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['attachables', 'media'] }), qc.invalidateQueries({ queryKey: ['media'] })]),
  });
}
