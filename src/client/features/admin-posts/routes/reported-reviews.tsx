// Admin: reported scenario reviews, below the reported posts. Ignore a report or delete the review.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../../../i18n/format';
import type { ReportedReview } from '../../../../shared/endpoints/exchange';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useDeleteReportedReview, useIgnoreReviewReport, useReportedReviews } from '../api/reported-reviews';

function ReviewReportRow({ report }: { report: ReportedReview }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const ignore = useIgnoreReviewReport();
  const del = useDeleteReportedReview();
  const { review, scenario, reported_by: reporter } = report;
  const busy = ignore.isPending || del.isPending;
  const onIgnore = async () => {
    try {
      await ignore.mutateAsync({ reviewId: review.id, userId: reporter.id });
      toast(t('reportedReviews.ignored'));
    } catch (err) {
      await alert(t('reportedReviews.error'), (err as Error).message);
    }
  };
  const onDelete = async () => {
    const ok = await confirm({
      title: t('reportedReviews.deleteTitle'),
      message: t('reportedReviews.deleteMessage', { author: review.author.name, scenario: scenario.name }),
      confirmLabel: t('reportedReviews.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await del.mutateAsync(review.id);
      toast(t('reportedReviews.deleted'));
    } catch (err) {
      await alert(t('reportedReviews.error'), (err as Error).message);
    }
  };
  const label = t('reportedReviews.label', { author: review.author.name, scenario: scenario.name });
  return (
    <article className="card reported-post" aria-label={label} data-testid="reported-review">
      <p className="muted small">{t('reportedReviews.reportedBy', { name: reporter.name, when: formatRelative(report.reported_at) })}</p>
      <h3 className="post-title">
        <Link to={`/scenario/${scenario.uuid_id}#reviews`}>{scenario.name}</Link>
      </h3>
      <p className="muted small">
        {t('reportedReviews.reviewBy', { name: review.author.name, when: formatRelative(review.created_at) })} · {t('reportedReviews.stars', { count: review.rating })}
      </p>
      {review.body && <p className="post-text">{review.body}</p>}
      <div className="actions">
        <button type="button" className="btn" onClick={onIgnore} disabled={busy}>{t('reportedReviews.ignore')}</button>
        <button type="button" className="btn danger" onClick={onDelete} disabled={busy}>{t('reportedReviews.delete')}</button>
      </div>
    </article>
  );
}

export function ReportedReviews() {
  const { t } = useTranslation('admin');
  const { data, isLoading, isError, error } = useReportedReviews();
  return (
    <section aria-labelledby="reported-reviews-title" data-testid="reported-reviews">
      <h2 id="reported-reviews-title">{t('reportedReviews.title')}</h2>
      {isLoading && <Spinner label={t('reportedReviews.loading')} />}
      {isError && <p className="alert error">{(error as Error).message}</p>}
      {data && data.length === 0 && <EmptyState title={t('reportedReviews.empty')} />}
      {data?.map((r) => (
        <ReviewReportRow key={`${r.review.id}-${r.reported_by.id}`} report={r} />
      ))}
    </section>
  );
}
