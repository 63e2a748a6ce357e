// A media thumbnail, or a neutral placeholder while there is none (processing, failed).
import { mediaAlt, type MediaItem } from '../../../../shared/schemas/media';
import { PictureIcon } from '../../../components/icons';

export function MediaThumb({ media, className = '' }: { media: MediaItem; className?: string }) {
  return (
    <div className={`media-thumb ${className}`}>
      {media.signed_thumb_url ? (
        <img src={media.signed_thumb_url} alt={mediaAlt(media)} loading="lazy" />
      ) : (
        <span className="media-thumb-placeholder" aria-hidden="true">{media.is_video ? '▶' : <PictureIcon />}</span>
      )}
      {media.is_video && media.signed_thumb_url && <span className="media-play" aria-hidden="true">▶</span>}
    </div>
  );
}
