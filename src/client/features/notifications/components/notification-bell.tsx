// Notification dropdown in the top bar (spec section 2): unread badge, polling every 60 s (never on
// the public pages), clicking an item marks it (and its group) read and follows its link; a link to
// the full /notifications page. In the native wrapper, new unread notifications are handed to the
// app (lib/native-bridge.ts, docs/native-bridge.md 'Notifications'), which shows them itself.
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { NotificationItem } from '../../../../shared/schemas/notifications';
import { isPublicPath } from '../../../lib/api';
import { useRelativeDate } from '../../../i18n/format';
import { useNotifications } from '../api/get-notifications';
import { useMarkAsRead } from '../api/mark-as-read';
import { useNotificationText } from './notification-title';
import { resyncPush } from '../lib/push';
import { useNativeNotifications } from '../lib/native-notifications';

export function NotificationBell() {
  const { t } = useTranslation('notifications');
  // (No Intl formatter in English: the bell renders on every screen's first paint.)
  const relative = useRelativeDate();
  const location = useLocation();
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const signedIn = !isPublicPath(location.pathname);
  const { data } = useNotifications(signedIn);
  const markRead = useMarkAsRead();
  const { title, description } = useNotificationText();
  const items = data?.notifications ?? [];
  const unread = data?.unread ?? 0;
  const openLink = useCallback((link: string) => void navigate(link), [navigate]);
  useNativeNotifications(data?.notifications, title, openLink, description);

  useEffect(() => {
    if (signedIn) void resyncPush();
  }, [signedIn]);

  const open = async (n: NotificationItem) => {
    details.current?.removeAttribute('open');
    if (!n.has_read) {
      try {
        await markRead.mutateAsync(n.id);
      } catch {
        // Following the link matters more than the read flag.
      }
    }
    if (n.link.startsWith('/')) navigate(n.link);
    else window.location.assign(n.link);
  };

  return (
    <details className="dropdown notification-bell" ref={details}>
      <summary aria-label={unread ? t('bellLabelUnread', { count: unread }) : t('bellLabel')}>
        <svg className="bell-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && <span className="badge count notification-count" data-testid="notification-count">{unread > 99 ? '99+' : unread}</span>}
      </summary>
      <div className="dropdown-menu dropdown-menu-right notification-menu">
        <p className="dropdown-header">{t('title')}</p>
        {items.length === 0 ? (
          <p className="muted notification-empty">{t('empty')}</p>
        ) : (
          <ul className="notification-list">
            {items.map((n) => (
              <li key={n.id}>
                <button type="button" className={`menu-item notification-item${n.has_read ? '' : ' unread'}`} onClick={() => void open(n)}>
                  <span className="notification-name">{title(n)}</span>
                  <span className="notification-description">{description(n)}</span>
                  <span className="muted small">{relative(n.created_at)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Link className="menu-item notification-see-all" to="/notifications" onClick={() => details.current?.removeAttribute('open')}>
          {t('seeAll')}
        </Link>
      </div>
    </details>
  );
}
