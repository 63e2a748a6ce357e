// The owner's notices of spec section 2 (My Media): processing, not yet approved, or declined with
// a link that opens the reason. A file that could not be processed says so.
import { useAlertDialog } from '../../../components/confirm';
import { ApprovalStatus } from '../../../../shared/enums';
import type { MediaItem } from '../../../../shared/schemas/media';

export function MediaNotice({ media }: { media: MediaItem }) {
  const alert = useAlertDialog();
  if (media.processing_error) return <p className="alert error media-notice">{media.processing_error}</p>;
  if (!media.is_processed) return <p className="alert info media-notice">This media is currently processing. Please check back later.</p>;
  if (media.approval_status === ApprovalStatus.Unapproved) {
    return <p className="alert info media-notice">This media has not yet been approved for use. Please check back later.</p>;
  }
  if (media.approval_status === ApprovalStatus.Rejected) {
    return (
      <p className="alert error media-notice">
        <button type="button" className="btn link" onClick={() => void alert('Reason for decline', media.rejection_reason ?? 'No reason was given.')}>
          This media has been deemed unsuitable for posting. Click for details
        </button>
      </p>
    );
  }
  return null;
}
