// The admin area's frame (issue 12): a persistent navigation over every admin screen, so each one
// is reachable from the others. /admin itself goes to Analytics.
import { NavLink, Outlet } from 'react-router-dom';
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
  return (
    <div className="admin-area">
      <nav className="admin-nav" aria-label="Admin">
        <span className="admin-nav-title">Admin</span>
        <ul>
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
