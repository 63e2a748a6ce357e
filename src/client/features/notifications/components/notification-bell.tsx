// Notification dropdown in the top bar (spec section 2): unread badge, polling every 60 s (never on
// the public pages), clicking an item marks it read and follows its link.
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatRelativeDate } from '../../../../shared/format';
import type { NotificationItem } from '../../../../shared/schemas/notifications';
import { isPublicPath } from '../../../lib/api';
import { useNotifications } from '../api/get-notifications';
import { useMarkAsRead } from '../api/mark-as-read';

export function NotificationBell() {
  const location = useLocation();
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const { data } = useNotifications(!isPublicPath(location.pathname));
  const markRead = useMarkAsRead();
  const items = data?.notifications ?? [];
  const unread = data?.unread ?? 0;

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
      <summary aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}>
        <svg className="bell-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && <span className="badge count notification-count" data-testid="notification-count">{unread > 99 ? '99+' : unread}</span>}
      </summary>
      <div className="dropdown-menu dropdown-menu-right notification-menu">
        <p className="dropdown-header">Notifications</p>
        {items.length === 0 ? (
          <p className="muted notification-empty">There are no notifications to display</p>
        ) : (
          <ul className="notification-list">
            {items.map((n) => (
              <li key={n.id}>
                <button type="button" className={`menu-item notification-item${n.has_read ? '' : ' unread'}`} onClick={() => void open(n)}>
                  <span className="notification-name">{n.name}</span>
                  <span className="notification-description">{n.description}</span>
                  <span className="muted small">{formatRelativeDate(n.created_at)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
