// POST /api/media/favourite/{id}, through the outbox: sent with an Idempotency-Key so a
// replay never toggles twice, queued when offline. Favouriting keeps the item and its file on the
// device so it opens and downloads offline; unfavouriting forgets them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toggleFavouriteOffline } from '../../../offline/later';
import type { MediaFavourite, MediaItem } from '../../../../shared/schemas/media';
import { mediaQueryKey } from './get-media-library';
import { mediaItemQueryKey } from './get-media-item';

export interface ToggleMediaFavouriteResult {
  /** False when the toggle waits in the outbox for the network. */
  sent: boolean;
  favourited: boolean;
}

export async function toggleMediaFavourite(media: MediaItem): Promise<ToggleMediaFavouriteResult> {
  const favourited = !media.is_favourited_by_current_user;
  // The copy kept on the device shows the item as the user left it: favourited.
  const response = (await toggleFavouriteOffline('media', { ...media, is_favourited_by_current_user: favourited }, favourited)) as MediaFavourite | null;
  return response ? { sent: true, favourited: response.favourited } : { sent: false, favourited };
}

export function useToggleMediaFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleMediaFavourite,
    onSuccess: (result, media) => {
      qc.setQueryData<MediaItem>(mediaItemQueryKey(media.uuid_id), (old) => (old ? { ...old, is_favourited_by_current_user: result.favourited } : old));
      if (result.sent) void qc.invalidateQueries({ queryKey: mediaQueryKey });
    },
  });
}
