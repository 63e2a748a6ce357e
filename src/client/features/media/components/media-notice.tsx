// The owner's notices of spec section 2 (My Media): processing, not yet approved, or declined with
// a link that opens the reason. A file that could not be processed says so.
import { useAlertDialog } from '../../../components/confirm';
import { ApprovalStatus } from '../../../../shared/enums';
import type { MediaItem } from '../../../../shared/schemas/media';
import { useTranslation } from 'react-i18next';

export function MediaNotice({ media }: { media: MediaItem }) {
  const { t } = useTranslation('media');
  const alert = useAlertDialog();
  if (media.processing_error) return <p className="alert error media-notice">{media.processing_error}</p>;
  if (!media.is_processed) return <p className="alert info media-notice">{t('mediaNotice.thisMediaIsCurrently')}</p>;
  if (media.approval_status === ApprovalStatus.Unapproved) {
    return <p className="alert info media-notice">{t('mediaNotice.thisMediaHasNot')}</p>;
  }
  if (media.approval_status === ApprovalStatus.Rejected) {
    return (
      <p className="alert error media-notice">
        <button type="button" className="btn link" onClick={() => void alert('Reason for decline', media.rejection_reason ?? 'No reason was given.')}>
          {t('mediaNotice.thisMediaHasBeen')}
        </button>
      </p>
    );
  }
  return null;
}
