// Admin: Reported posts (/admin/reported), then reported reviews. Ignore a report or delete the post; the list reloads.
import { useTranslation } from 'react-i18next';
import { formatRelative as formatRelativeDate } from '../../../i18n/format';
import type { ReportedPost } from '../../../../shared/schemas/posts';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useDeleteReportedPost } from '../api/delete-reported-post';
import { useReportedPosts } from '../api/get-reported-posts';
import { useIgnoreReport } from '../api/ignore-report';
import { ReportedReviews } from './reported-reviews';

function ReportRow({ report }: { report: ReportedPost }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const ignore = useIgnoreReport();
  const del = useDeleteReportedPost();
  const { post, reportedBy } = report;
  const busy = ignore.isPending || del.isPending;
  const onIgnore = async () => {
    try {
      await ignore.mutateAsync({ postId: post.id, userId: reportedBy.id });
      toast(t('reported.ignored'));
    } catch (err) {
      await alert(t('reported.error'), (err as Error).message);
    }
  };
  const onDelete = async () => {
    if (!(await confirm({ title: t('reported.deleteTitle'), message: t('reported.deleteMessage', { title: post.title }), confirmLabel: t('reported.delete'), danger: true }))) return;
    try {
      await del.mutateAsync(post.id);
      toast(t('reported.deleted'));
    } catch (err) {
      await alert(t('reported.error'), (err as Error).message);
    }
  };
  return (
    <article className="card reported-post" aria-label={post.title} data-testid="reported-post">
      <p className="muted small">
        {t('reported.reportedBy', { name: `${reportedBy.first_name} ${reportedBy.last_name}`, when: formatRelativeDate(report.reported_at) })}
      </p>
      <h2 className="post-title">{post.title}</h2>
      <p className="muted small">
        {t('reported.postedBy', { name: `${post.creator.first_name} ${post.creator.last_name}`, when: formatRelativeDate(post.created_at) })}
      </p>
      {post.text && <p className="post-text">{post.text}</p>}
      {(post.scenarios.length > 0 || post.media.length > 0) && (
        <p className="muted small">
          {t('reported.attachments', { list: [...post.scenarios.map((s) => s.name), ...post.media.map((m) => m.name)].join(', ') })}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={onIgnore} disabled={busy}>{t('reported.ignore')}</button>
        <button type="button" className="btn danger" onClick={onDelete} disabled={busy}>{t('reported.delete')}</button>
      </div>
    </article>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const { data, isLoading, isError, error } = useReportedPosts();
  return (
    <section>
      <h1>{t('reported.title')}</h1>
      {isLoading && <Spinner label={t('reported.loading')} />}
      {isError && <p className="alert error">{(error as Error).message}</p>}
      {data && data.length === 0 && <EmptyState title={t('reported.empty')} />}
      {data?.map((r) => (
        <ReportRow key={`${r.post.id}-${r.reportedBy.id}`} report={r} />
      ))}
      <ReportedReviews />
    </section>
  );
}
