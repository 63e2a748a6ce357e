// /notifications: every notification of mine, newest first, 50 at a time with older ones on
// request (the list's cursor); unread ones of one kind and subject shown as one; 'Mark all as read'.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NotificationItem } from '../../../../shared/schemas/notifications';
import { Spinner } from '../../../components/spinner';
import { useFormat } from '../../../i18n/format';
import { useNotificationsPage } from '../api/get-notifications-page';
import { useMarkAsRead } from '../api/mark-as-read';
import { useMarkAllAsRead } from '../api/mark-all-read';
import { useNotificationText } from '../components/notification-title';

export function Component() {
  const { t } = useTranslation('notifications');
  const { relative, dateTime } = useFormat();
  const navigate = useNavigate();
  const { title, description } = useNotificationText();
  const page = useNotificationsPage();
  const markRead = useMarkAsRead();
  const markAll = useMarkAllAsRead();
  const items = page.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = page.data?.pages[0]?.unread ?? 0;

  const open = async (n: NotificationItem) => {
    if (!n.has_read) await markRead.mutateAsync(n.id).catch(() => undefined);
    if (n.link.startsWith('/')) navigate(n.link);
    else window.location.assign(n.link);
  };

  return (
    <section className="card notifications-page" aria-labelledby="notifications-title">
      <div className="card-header">
        <div>
          <h1 id="notifications-title">{t('title')}</h1>
          <p className="muted" data-testid="notifications-unread" aria-live="polite">
            {unread ? t('unreadCount', { count: unread }) : t('allRead')}
          </p>
        </div>
        <div className="row-actions">
          <button type="button" className="btn" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
            {t('markAllRead')}
          </button>
        </div>
      </div>
      {page.isPending ? (
        <Spinner label={t('title')} />
      ) : page.isError ? (
        <p className="field-error" role="alert">{t('loadFailed')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="notification-list notifications-page-list">
          {items.map((n) => (
            <li key={n.id}>
              <button type="button" className={`menu-item notification-item${n.has_read ? '' : ' unread'}`} onClick={() => void open(n)}>
                <span className="notification-name">
                  {!n.has_read && <span className="visually-hidden">{t('unread')}: </span>}
                  {title(n)}
                </span>
                <span className="notification-description">{description(n)}</span>
                <time className="muted small" dateTime={n.created_at} title={dateTime(n.created_at)}>{relative(n.created_at)}</time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {page.hasNextPage && (
        <p>
          <button type="button" className="btn" disabled={page.isFetchingNextPage} onClick={() => void page.fetchNextPage()}>
            {t('loadMore')}
          </button>
        </p>
      )}
    </section>
  );
}
