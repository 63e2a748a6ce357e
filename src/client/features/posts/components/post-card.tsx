// One post of the feed or a group (spec section 2): author, 'shared a post', optional group, relative
// date, title, text, media grid, attached scenarios, tags, and a menu (delete own / report others').
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelativeDate } from '../../../i18n/format';
import { Link } from 'react-router-dom';
import { truncateTag } from '../../../../shared/format';
import { formatDateTime } from '../../../i18n/format';
import type { ForumPost } from '../../../../shared/schemas/posts';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { useDeletePost } from '../api/delete-post';
import { useReportPost } from '../api/report-post';
import { RepliesPreview } from './replies-preview';
import { HelpfulButton } from './helpful-button';
import { MentionText } from './mention-text';

export const deviceThumb = (deviceId: number | null | undefined) =>
  `/thumbnails/devices/${deviceId && deviceId >= 1 && deviceId <= 34 ? deviceId : 0}.svg`;

/**
 * The full date and time, as a tooltip, set when first pointed at: building the browser's date
 * formatter costs tens of milliseconds on a phone, too much for the feed's first render.
 */
function showFullDate(event: { currentTarget: HTMLTimeElement }) {
  const time = event.currentTarget;
  if (!time.title) time.title = formatDateTime(time.dateTime);
}

function PostMenu({ post }: { post: ForumPost }) {
  const { t } = useTranslation('feed');
  const toast = useToast();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const del = useDeletePost();
  const report = useReportPost();
  const close = (e: { currentTarget: HTMLElement }) => e.currentTarget.closest('details')?.removeAttribute('open');

  const onDelete = async () => {
    if (!(await confirm({ title: t('deletePost'), message: t('deleteConfirm', { title: post.title }), confirmLabel: t('delete'), danger: true }))) return;
    try {
      await del.mutateAsync(post.id);
      toast(t('postDeleted'));
    } catch (err) {
      await alert(t('error'), (err as Error).message);
    }
  };
  const onReport = async () => {
    try {
      await report.mutateAsync(post.id);
      toast(t('postReported'));
    } catch (err) {
      await alert(t('notice'), err instanceof ApiError ? err.message : t('invalidResponse'));
    }
  };
  return (
    <details className="dropdown post-menu">
      <summary aria-label={t('postOptions', { title: post.title })}>⋯</summary>
      <div className="dropdown-menu dropdown-menu-right" onClick={close}>
        {post.is_mine ? (
          <button type="button" className="menu-item" onClick={onDelete} disabled={del.isPending}>{t('deletePost')}</button>
        ) : (
          <button type="button" className="menu-item" onClick={onReport} disabled={report.isPending}>{t('reportPost')}</button>
        )}
      </div>
    </details>
  );
}

/**
 * `hideGroup` on the group's own page; `footer` holds e.g. a moderator's Approve and Decline.
 * `first`: the top post of a list, whose pictures are likely the largest thing on the first screen:
 * they load at once (not lazily) and the first one ahead of other pictures.
 */
export function PostCard({ post, hideGroup = false, footer, first = false }: { post: ForumPost; hideGroup?: boolean; footer?: ReactNode; first?: boolean }) {
  const { t } = useTranslation('feed');
  const when = useRelativeDate();
  const author = `${post.creator.first_name} ${post.creator.last_name}`;
  return (
    <article className="card post-card" aria-label={post.title} data-testid="post-card">
      <header className="post-header">
        <span className="avatar post-avatar" aria-hidden="true">{post.creator.first_name.charAt(0)}{post.creator.last_name.charAt(0)}</span>
        <div className="post-meta">
          <div>
            <Link to={`/view-user/${post.creator.uuid_id || post.creator.id}`} className="post-author">{author}</Link>{' '}
            <span className="muted">{t('sharedAPost')}</span>
            {post.group && !hideGroup && (
              <>
                {' '}<span className="muted">{t('inGroup')}</span> <Link to={`/forum/group/${post.group.id}`}>{post.group.name}</Link>
              </>
            )}
          </div>
          <time className="muted small" dateTime={post.created_at} onPointerEnter={showFullDate} onFocus={showFullDate}>
            {when(post.created_at)}
          </time>
        </div>
        <PostMenu post={post} />
      </header>
      <h3 className="post-title" id={`post-${post.id}-title`}>{post.title}</h3>
      {post.text && <p className="post-text"><MentionText text={post.text} mentions={post.mentions} /></p>}
      {post.media.length > 0 && (
        <div className={`post-media-grid n${Math.min(post.media.length, 4)}`}>
          {post.media.map((m, i) => (
            <Link key={m.id} to={`/media/${m.uuid_id}`} className="post-media" title={m.name}>
              {m.signed_thumb_url ? (
                <img src={m.signed_thumb_url} alt={m.alt_text || m.name} width="400" height="300" loading={first ? 'eager' : 'lazy'} fetchPriority={first && i === 0 ? 'high' : 'auto'} decoding="async" />
              ) : (
                <span className="post-media-fallback">{m.name}</span>
              )}
              {m.is_video && <span className="post-media-video" aria-label={t('video')}>▶</span>}
            </Link>
          ))}
        </div>
      )}
      {post.scenarios.length > 0 && (
        <ul className="post-scenarios" aria-label={t('attachedScenarios')}>
          {post.scenarios.map((s) => (
            <li key={s.id}>
              <Link to={`/scenario/${s.uuid_id}`} className="post-scenario">
                <img src={deviceThumb(s.device_id)} alt="" width="40" height="40" />
                <span>{s.name}</span>
                {s.is_ctgi && <span className="badge">CTGi</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {post.tags.length > 0 && (
        <div className="post-tags">
          {post.tags.map((t) => (
            <span key={t.id} className="tag" title={t.title}>{truncateTag(t.title)}</span>
          ))}
        </div>
      )}
      {footer && <div className="actions post-footer">{footer}</div>}
      {post.status === 1 && (
        <HelpfulButton target={{ kind: 'post', id: post.id }} state={{ helpful_count: post.helpful_count ?? 0, helpful_mine: post.helpful_mine ?? false }} canReact={!post.is_mine} describedBy={`post-${post.id}-title`} />
      )}
      {post.status === 1 && post.latest_replies && <RepliesPreview post={post} />}
    </article>
  );
}
