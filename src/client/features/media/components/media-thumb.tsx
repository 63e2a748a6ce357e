// A media thumbnail, or a neutral placeholder while there is none (processing, failed). Pictures
// load when near the screen, except those in the screen's first view (`first`): at once, the very
// first (`largest`) before anything else.
import { mediaAlt, type MediaItem } from '../../../../shared/schemas/media';
import { PictureIcon } from '../../../components/icons';

export function MediaThumb({ media, className = '', first = false, largest = false }: { media: MediaItem; className?: string; first?: boolean; largest?: boolean }) {
  return (
    <div className={`media-thumb ${className}`}>
      {media.signed_thumb_url ? (
        <img src={media.signed_thumb_url} alt={mediaAlt(media)} width="400" height="300" loading={first ? 'eager' : 'lazy'} fetchPriority={largest ? 'high' : 'auto'} decoding="async" />
      ) : (
        <span className="media-thumb-placeholder" aria-hidden="true">{media.is_video ? '▶' : <PictureIcon />}</span>
      )}
      {media.is_video && media.signed_thumb_url && <span className="media-play" aria-hidden="true">▶</span>}
    </div>
  );
}
