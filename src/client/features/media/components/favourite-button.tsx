// Favourite toggle for a media item; a favourite is also kept on the device for offline use.
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import type { MediaItem } from '../../../../shared/schemas/media';
import { useToggleMediaFavourite } from '../api/toggle-favourite';

export function MediaFavouriteButton({ media }: { media: MediaItem }) {
  const { t } = useTranslation('media');
  const toggle = useToggleMediaFavourite();
  const toast = useToast();
  const on = media.is_favourited_by_current_user;
  return (
    <button
      type="button"
      className={`btn favourite${on ? ' on' : ''}`}
      aria-pressed={on}
      disabled={toggle.isPending || !media.is_processed}
      onClick={() =>
        toggle.mutate(media, {
          onSuccess: (r) => {
            if (!r.sent) toast('Saved on this device; it will sync when the network returns');
          },
          onError: (err) => toast(err instanceof ApiError ? err.message : 'Invalid response', 'error'),
        })
      }
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span> {on ? t('favourite.on') : t('favourite.off')}
    </button>
  );
}
