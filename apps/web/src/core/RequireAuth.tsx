/** SPEC §2, §4: routes behind login redirect an unauthenticated visitor to /login. */
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session';
import { isSessionValid, rememberRoute } from './storage';

export function RequireAuth() {
  const { user } = useSession();
  const location = useLocation();
  if (!user || !isSessionValid()) {
    rememberRoute(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
