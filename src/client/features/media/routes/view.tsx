// Media view (spec section 2): breadcrumb with the name, type, size, downloads, contributor,
// description, tags, download button and the picture (or the video with its poster).
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { useMe } from '../../../lib/current-user';
import { truncateTag } from '../../../../shared/format';
import { formatFileSize } from '../../../i18n/format';
import { useMediaItem } from '../api/get-media-item';
import { MediaNotice } from '../components/media-notice';
import { useDownloadAction } from '../components/use-download';
import { MediaFavouriteButton } from '../components/favourite-button';
import { useOfflineFileUrl, useOfflineItem } from '../../../offline/favourites';
import { OfflineBadge } from '../../../offline/components/offline-badge';
import { mediaAlt, type MediaItem } from '../../../../shared/schemas/media';
import { PictureIcon } from '../../../components/icons';
import { useOnline } from '../../../offline/use-online';
import { useItemTitle } from '../../../app/screen-title';
import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation('media');
  const { uuidId = '' } = useParams();
  const { data, error, fetchStatus } = useMediaItem(uuidId);
  // A favourite kept on this device opens with no network.
  const kept = useOfflineItem<MediaItem>('media', uuidId);
  const m = data ?? kept ?? undefined;
  useItemTitle(m?.name);
  // With no network the picture comes from the copy on this device even when the item's details
  // are known (a cached answer's signed file links do not load offline).
  const online = useOnline();
  const fromDevice = !data || !online;
  const offlineUrl = useOfflineFileUrl('media', uuidId, fromDevice);
  const { data: me } = useMe();
  const download = useDownloadAction();
  if (!m) {
    if (error instanceof ApiError && error.status === 404) return <EmptyState title={t('view.resourceNotFound')}><Link to="/media">{t('view.backToMedia')}</Link></EmptyState>;
    if ((fetchStatus === 'paused' || (error instanceof ApiError && error.status === 0)) && kept === null) {
      return <EmptyState title={t('view.thisMediaIsNot')}><Link to="/media">{t('view.backToMedia')}</Link></EmptyState>;
    }
    if (error) return <div className="alert error" role="alert">{error.message}</div>;
    return <Spinner />;
  }
  const isOwner = me?.id === m.contributed_by.id;
  const fullUrl = fromDevice ? offlineUrl : m.signed_full_url;
  const thumbUrl = fromDevice ? (offlineUrl ?? m.signed_thumb_url) : m.signed_thumb_url;
  return (
    <section className="media-view">
      <nav aria-label={t('view.breadcrumb')} className="breadcrumb">
        <Link to="/media">{t('view.media')}</Link> <span aria-hidden="true">/</span> <span aria-current="page">{m.name}</span>
      </nav>
      <div className="card media-view-card">
        <div className="media-view-preview">
          {m.is_video && fullUrl ? (
            <video controls preload="metadata" poster={data ? (m.signed_thumb_url ?? undefined) : undefined} src={fullUrl} aria-label={m.name}>
              {m.signed_captions_url && <track kind="captions" src={m.signed_captions_url} srcLang="en" label={t('view.captions')} default />}
            </video>
          ) : thumbUrl ? (
            <img src={thumbUrl} alt={mediaAlt(m)} />
          ) : (
            <div className="media-thumb"><span className="media-thumb-placeholder" aria-hidden="true">{m.is_video ? '▶' : <PictureIcon />}</span></div>
          )}
        </div>
        <div className="media-view-details">
          {!data && <div className="alert info">{t('view.youAreOfflineThis')}</div>}
          <h1>{m.name}</h1>
          <OfflineBadge kind="media" id={m.uuid_id} />
          {isOwner && <MediaNotice media={m} />}
          <dl className="details-list">
            <dt>{t('view.type')}</dt>
            <dd>{m.is_video ? t('kind.video') : t('kind.image')}</dd>
            <dt>{t('view.fileSize')}</dt>
            <dd>{formatFileSize(m.file_size)}</dd>
            <dt>{t('view.downloads')}</dt>
            <dd data-testid="media-downloads">{m.num_downloads}</dd>
            <dt>{t('view.contributor')}</dt>
            <dd><Link to={`/view-user/${m.contributed_by.id}`}>{m.contributed_by.first_name} {m.contributed_by.last_name}</Link></dd>
          </dl>
          {m.description && <p className="media-description">{m.description}</p>}
          {m.tags.length > 0 && (
            <p className="media-tags">{m.tags.map((t) => <span key={t.id} className="tag" title={t.title}>{truncateTag(t.title)}</span>)}</p>
          )}
          <div className="actions">
            <button type="button" className="btn primary" disabled={!m.is_processed || download.pending} onClick={() => download.start(m)}>{t('view.download')}</button>
            <MediaFavouriteButton media={m} />
            {isOwner && <Link className={`btn${m.is_processed ? '' : ' disabled'}`} aria-disabled={!m.is_processed} to={m.is_processed ? `/media/${m.uuid_id}/edit` : '#'}>{t('view.edit')}</Link>}
          </div>
        </div>
      </div>
    </section>
  );
}
