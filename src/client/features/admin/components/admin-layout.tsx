// The admin area's frame: a persistent navigation over every admin screen, so each one
// is reachable from the others. /admin itself goes to Analytics.
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import './admin.css';

/** The admin screens, in the order the navigation shows them (label: a key under admin:nav). */
export const ADMIN_SCREENS = [
  { to: '/admin/analytics', label: 'analytics' },
  { to: '/admin/users', label: 'users' },
  { to: '/admin/reported', label: 'reported' },
  { to: '/admin/post', label: 'post' },
  { to: '/admin/reviewmedia', label: 'reviewMedia' },
  { to: '/admin/audit', label: 'audit' },
  { to: '/admin/licences', label: 'licences' },
  { to: '/admin/builds', label: 'builds' },
] as const;

export function AdminLayout() {
  const { t } = useTranslation('admin');
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a narrow window the navigation is a strip that scrolls sideways: keep the current screen's
  // link in view (only the strip scrolls, never the page).
  useLayoutEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>('a.active');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    const link = active.getBoundingClientRect();
    const strip = ul.getBoundingClientRect();
    if (link.left < strip.left || link.right > strip.right) {
      ul.scrollLeft += link.left - strip.left - (strip.width - link.width) / 2;
    }
  }, [pathname]);
  return (
    <div className="admin-area">
      <nav className="admin-nav" aria-label={t('nav.label')}>
        <span className="admin-nav-title">{t('nav.title')}</span>
        <ul ref={list}>
          {ADMIN_SCREENS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to}>{t(`nav.${s.label}`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-content">
        <Outlet />
      </div>
    </div>
  );
}
