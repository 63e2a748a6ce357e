// My Media (spec section 2): Create Media, 6 per page, the card notices, edit and download
// disabled until processed, privacy private/public.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { ConfirmationNote, DeidentifyCheckbox, LicenceLink } from '../../../components/exchange';
import { EmptyState } from '../../../components/empty-state';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatFileSize } from '../../../i18n/format';
import { PAGE_SIZE } from '../../../../shared/limits';
import { PrivacyLevel } from '../../../../shared/enums';
import type { MediaItem } from '../../../../shared/schemas/media';
import { useEditMedia } from '../api/edit-media';
import { useMyMedia } from '../api/get-my-media';
import { MediaNotice } from '../components/media-notice';
import { MediaThumb } from '../components/media-thumb';
import { useDownloadAction } from '../components/use-download';
import { useTranslation } from 'react-i18next';

function MyMediaCard({ media }: { media: MediaItem }) {
  const { t } = useTranslation('media');
  const navigate = useNavigate();
  const download = useDownloadAction();
  const edit = useEditMedia();
  const alert = useAlertDialog();
  const toast = useToast();
  const confirm = useConfirm();
  const changePrivacy = async (level: 0 | 2) => {
    // Making it public asks once for the de-identification confirmation (the server requires it).
    const confirmation = { checked: false };
    if (level === 2 && !media.public_confirmation) {
      const ok = await confirm({ title: t('myMedia.makePublicTitle'), message: <DeidentifyCheckbox state={confirmation} />, confirmLabel: t('myMedia.makePublic') });
      if (!ok) return;
    }
    edit.mutate(
      { id: media.id, privacy_level: level, ...(confirmation.checked ? { confirm_deidentified: true } : {}) },
      {
        onSuccess: () => toast(level === 2 ? t('myMedia.nowPublic') : t('myMedia.nowPrivate')),
        onError: (err) => void alert('Error', err.message || 'Whoops! We had some trouble updating your media.'),
      },
    );
  };
  return (
    <article className="card my-media-card" data-testid="my-media-card">
      <Link to={`/media/${media.uuid_id}`} className="my-media-thumb-link" aria-label={t('myMedia.open', { name: media.name })}>
        <MediaThumb media={media} />
      </Link>
      <div className="my-media-body">
        <h2><Link to={`/media/${media.uuid_id}`}>{media.name}</Link></h2>
        <p className="muted">{media.is_video ? t('kind.video') : t('kind.image')} · {formatFileSize(media.file_size)}</p>
        <MediaNotice media={media} />
        {!media.is_video && !media.alt_text && media.is_processed && (
          <p className="help" id={`no-alt-${media.id}`}>{t('myMedia.noAltTextYet')}</p>
        )}
        <p className="muted small">{media.licence && <LicenceLink licence={media.licence} />}</p>
        <ConfirmationNote confirmation={media.public_confirmation ?? null} />
        <div className="row my-media-controls">
          <label className="inline-label">
            {t('myMedia.privacy')}
            <select
              aria-describedby={!media.is_video && !media.alt_text && media.is_processed ? `no-alt-${media.id}` : undefined}
              value={media.privacy_level === PrivacyLevel.Public ? PrivacyLevel.Public : PrivacyLevel.Private}
              disabled={edit.isPending}
              onChange={(e) => void changePrivacy(Number(e.target.value) === 2 ? 2 : 0)}
            >
              <option value={0}>{t('myMedia.private')}</option>
              <option value={2}>{t('myMedia.public')}</option>
            </select>
          </label>
        </div>
        <div className="actions">
          <button type="button" className="btn" disabled={!media.is_processed} onClick={() => navigate(`/media/${media.uuid_id}/edit`)}>{t('myMedia.edit')}</button>
          <button type="button" className="btn" disabled={!media.is_processed || download.pending} onClick={() => download.start(media)}>{t('myMedia.download')}</button>
        </div>
      </div>
    </article>
  );
}

export function Component() {
  const { t } = useTranslation('media');
  const [page, setPage] = useState(0);
  const { data, isPending, isError, error } = useMyMedia(page, PAGE_SIZE.myMedia);
  const pageCount = data ? Math.ceil(data.total / PAGE_SIZE.myMedia) : 0;
  return (
    <section className="my-media">
      <div className="page-header">
        <h1>{t('myMedia.myMedia')}</h1>
        <Link className="btn primary" to="/media/upload">{t('myMedia.createMedia')}</Link>
      </div>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <div className="alert error" role="alert">{error.message}</div>
      ) : data.total === 0 ? (
        <EmptyState title={t('myMedia.noAvailableMedia')}><Link to="/media/upload">{t('myMedia.uploadYourFirstMedia')}</Link></EmptyState>
      ) : (
        <>
          <div className="my-media-grid">
            {data.media.map((m) => <MyMediaCard key={m.id} media={m} />)}
          </div>
          <Paginator pageCount={pageCount} page={Math.min(page, pageCount - 1)} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
