// The admin area's frame: a persistent navigation over every admin screen, so each one
// is reachable from the others. /admin itself goes to Analytics.
import { useLayoutEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import './admin.css';

/** The admin screens, in the order the navigation shows them. */
export const ADMIN_SCREENS = [
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/reported', label: 'Reported posts' },
  { to: '/admin/post', label: 'Post to everyone' },
  { to: '/admin/reviewmedia', label: 'Review media' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/licences', label: 'Licences' },
  { to: '/admin/builds', label: 'App builds' },
] as const;

export function AdminLayout() {
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
      <nav className="admin-nav" aria-label="Admin">
        <span className="admin-nav-title">Admin</span>
        <ul ref={list}>
          {ADMIN_SCREENS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to}>{s.label}</NavLink>
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
