// Route guards (spec section 2): sign-in required outside the public paths; role-gated routes
// redirect to / when the user's role bits lack the role.
import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { hasRole, type RoleBit } from '../../shared/enums';
import { useMe, useSessionMe } from '../lib/current-user';
import { Spinner } from '../components/spinner';
import { useFirstScreen } from '../lib/first-screen';

export function RequireAuth({ children }: { children?: ReactNode }) {
  const me = useSessionMe();
  const location = useLocation();
  // The server's answer arrives through the query cache, whose updates React renders in one
  // uninterrupted task; the whole signed-in screen mounting in it would hold a slow phone's main
  // thread for a long while. So the spinner goes at once, but the screen replaces it in a deferred
  // render, which React splits into short slices.
  const checkingDeferred = useDeferredValue(me.checking);
  const checking = me.checking || checkingDeferred;
  useFirstScreen(!checking);
  if (checking) return <Spinner />;
  if (!me.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!me.data.enabled) return <Navigate to={`/unverifiedprofile/${encodeURIComponent(me.data.email)}`} replace />;
  return children ? <>{children}</> : <Outlet />;
}

export function RequireRole({ role, children }: { role: RoleBit; children?: ReactNode }) {
  const me = useMe();
  if (!me.data || !hasRole(me.data.role, role)) return <Navigate to="/" replace />;
  return children ? <>{children}</> : <Outlet />;
}

/** Pages only for users with a flag (isPreRelease, canProvision). */
export function RequireFlag({ flag, children }: { flag: 'isPreRelease' | 'canProvision'; children?: ReactNode }) {
  const me = useMe();
  if (!me.data || !me.data[flag]) return <Navigate to="/" replace />;
  return children ? <>{children}</> : <Outlet />;
}
