// Admin Review media (/admin/reviewmedia, 'Pending Media'): thumbnail opening a full-size preview,
// name, contributor first and last name, date, description, Approve and a Decline dropdown with the
// reasons of spec section 5. 'Media approved' / 'Media declined'; a failure shows an 'Error' dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format';
import { useAlertDialog } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { TEXT_LIMITS } from '../../../../shared/limits';
import { DECLINE_REASONS, mediaAlt, type DeclineReason, type MediaItem } from '../../../../shared/schemas/media';
import { useApproveMedia } from '../api/approve-media';
import { usePendingMedia } from '../api/get-pending-media';
import { useRejectMedia } from '../api/reject-media';
import { PictureIcon } from '../../../components/icons';

/** The catalogue key of each decline reason (the API keeps the English reason). */
const REASON_KEY = {
  'Contains identifying information': 'identifying',
  Inappropriate: 'inappropriate',
  'Wrong tags': 'wrongTags',
  'Missing tags': 'missingTags',
  Other: 'other',
} as const satisfies Record<DeclineReason, string>;

function closeMenu(el: HTMLElement) {
  el.closest('details')?.removeAttribute('open');
}

function OtherReasonModal({ onClose, onSubmit, busy }: { onClose: () => void; onSubmit: (text: string) => void; busy: boolean }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const error = !text.trim() ? t('reviewMedia.reasonRequired') : text.trim().length > TEXT_LIMITS.declineReason ? t('reviewMedia.reasonTooLong', { max: TEXT_LIMITS.declineReason }) : null;
  return (
    <Modal
      title={t('reviewMedia.otherTitle')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>{t('reviewMedia.cancel')}</button>
          <button type="button" className="btn danger" disabled={busy} onClick={() => { setTouched(true); if (!error) onSubmit(text.trim()); }}>{t('reviewMedia.decline')}</button>
        </>
      }
    >
      <label htmlFor="other-reason">{t('reviewMedia.reason')}</label>
      <textarea id="other-reason" rows={4} value={text} aria-invalid={touched && Boolean(error)} onChange={(e) => setText(e.target.value)} />
      <p className="help">{text.trim().length}/{TEXT_LIMITS.declineReason}</p>
      {touched && error && <p className="field-error">{error}</p>}
    </Modal>
  );
}

function PendingItem({ media }: { media: MediaItem }) {
  const { t } = useTranslation('admin');
  const approve = useApproveMedia();
  const reject = useRejectMedia();
  const toast = useToast();
  const alert = useAlertDialog();
  const [preview, setPreview] = useState(false);
  const [other, setOther] = useState(false);
  const busy = approve.isPending || reject.isPending;
  const onError = (err: Error) => void alert(t('reviewMedia.error'), err.message);
  const decline = (reason: DeclineReason, otherReason?: string) =>
    reject.mutate({ id: media.id, reason, otherReason }, { onSuccess: () => { setOther(false); toast(t('reviewMedia.declined')); }, onError });

  return (
    <article className="card pending-media" data-testid="pending-media">
      <button type="button" className="pending-media-thumb" onClick={() => setPreview(true)} aria-label={t('reviewMedia.preview', { name: media.name })}>
        {media.signed_thumb_url ? <img src={media.signed_thumb_url} alt={mediaAlt(media)} /> : <span aria-hidden="true">{media.is_video ? '▶' : <PictureIcon />}</span>}
      </button>
      <div className="pending-media-body">
        <h2>{media.name}</h2>
        {media.is_video ? (
          <p className="small" data-testid="pending-media-captions">
            {media.signed_captions_url ? t('reviewMedia.hasCaptions') : <span className="muted">{t('reviewMedia.noCaptions')}</span>}
          </p>
        ) : (
          <p className="small" data-testid="pending-media-alt">
            {media.alt_text ? t('reviewMedia.altText', { text: media.alt_text }) : <span className="muted">{t('reviewMedia.noAltText')}</span>}
          </p>
        )}
        <p className="small" data-testid="pending-media-confirmation">
          {media.public_confirmation
            ? t('reviewMedia.deidentifiedConfirmed', { who: media.public_confirmation.confirmed_by, when: formatDate(media.public_confirmation.confirmed_at) })
            : <span className="muted">{t('reviewMedia.deidentifiedNotConfirmed')}</span>}
        </p>
        <p className="muted">
          {media.contributed_by.first_name} {media.contributed_by.last_name} · {formatDate(media.contributed_at)}
        </p>
        {media.description && <p>{media.description}</p>}
        <div className="actions">
          <button type="button" className="btn primary" disabled={busy} onClick={() => approve.mutate(media.id, { onSuccess: () => toast(t('reviewMedia.approved')), onError })}>{t('reviewMedia.approve')}</button>
          <details className="dropdown">
            <summary className="btn danger" aria-disabled={busy}>{t('reviewMedia.decline')}</summary>
            <div className="dropdown-menu" role="menu">
              {DECLINE_REASONS.map((r) => (
                <button
                  key={r}
                  type="button"
                  role="menuitem"
                  className="menu-item"
                  disabled={busy}
                  onClick={(e) => {
                    closeMenu(e.currentTarget);
                    if (r === 'Other') setOther(true);
                    else decline(r);
                  }}
                >
                  {t(`reviewMedia.reasons.${REASON_KEY[r]}`)}
                </button>
              ))}
            </div>
          </details>
        </div>
      </div>
      {preview && (
        <Modal title={media.name} onClose={() => setPreview(false)}>
          <div className="media-preview">
            {media.is_video && media.signed_full_url ? (
              <video controls autoPlay src={media.signed_full_url} poster={media.signed_thumb_url ?? undefined} aria-label={media.name}>
                {media.signed_captions_url && <track kind="captions" src={media.signed_captions_url} srcLang="en" label={t('reviewMedia.captions')} default />}
              </video>
            ) : media.signed_full_url ? (
              <img src={media.signed_full_url} alt={mediaAlt(media)} />
            ) : null}
          </div>
        </Modal>
      )}
      {other && <OtherReasonModal busy={reject.isPending} onClose={() => setOther(false)} onSubmit={(text) => decline('Other', text)} />}
    </article>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const { data, isPending, isError, error } = usePendingMedia();
  return (
    <section className="review-media">
      <h1>{t('reviewMedia.title')}</h1>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <div className="alert error" role="alert">{error.message}</div>
      ) : data.media.length === 0 ? (
        <EmptyState title={t('reviewMedia.empty')} />
      ) : (
        data.media.map((m) => <PendingItem key={m.id} media={m} />)
      )}
    </section>
  );
}
