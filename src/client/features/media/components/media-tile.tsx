// A library tile: the picture downloads the item (spec section 2), the name opens it.
import { Link } from 'react-router-dom';
import { formatFileSize } from '../../../i18n/format';
import type { MediaItem } from '../../../../shared/schemas/media';
import { MediaThumb } from './media-thumb';
import { useDownloadAction } from './use-download';
import { useTranslation } from 'react-i18next';

/** `position`: the tile's place on the page (the first row's pictures load at once). */
export function MediaTile({ media, position }: { media: MediaItem; position: number }) {
  const { t } = useTranslation('media');
  const download = useDownloadAction();
  return (
    <article className="card media-tile" data-testid="media-tile">
      <button type="button" className="media-tile-download" onClick={() => download.start(media)} disabled={download.pending} aria-label={t('mediaTile.download', { name: media.name })}>
        <MediaThumb media={media} first={position < 3} largest={position === 0} />
      </button>
      <h2 className="media-tile-name"><Link to={`/media/${media.uuid_id}`}>{media.name}</Link></h2>
      <p className="muted media-tile-meta">
        <span>{media.is_video ? t('kind.video') : t('kind.image')}</span> · <span>{formatFileSize(media.file_size)}</span>
      </p>
    </article>
  );
}
