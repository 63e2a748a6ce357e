// PATCH /api/media/Edit/{id} with privacy_level public, from the post composer's picker: a post
// shows only public media to others, so the picker offers this one step for a private item.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PrivacyLevel } from '../../../../shared/enums';

/** `confirmed`: the owner confirmed no real patient can be identified (making media public needs it). */
export const makeMediaPublic = ({ id, confirmed }: { id: number; confirmed: boolean }) =>
  api(`/api/media/Edit/${id}`, { method: 'PATCH', body: { privacy_level: PrivacyLevel.Public, ...(confirmed ? { confirm_deidentified: true } : {}) } });

export function useMakeMediaPublic() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: makeMediaPublic,
    // The picker's pages and every media list show the item's privacy.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['attachables', 'media'] }), qc.invalidateQueries({ queryKey: ['media'] })]),
  });
}
