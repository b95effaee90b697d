import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth-context';

/**
 * Routes behind login: without a session with an access token, go to login with returnUrl. A
 * session still owing its authenticator code counts as none; the login page then asks for the code.
 */
export function RequireAuth() {
  const { session, signingOut } = useAuth();
  const location = useLocation();
  if (!session?.access_token && signingOut) return <Navigate to="/" replace />;
  if (!session?.access_token) {
    const returnUrl = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth/login?returnUrl=${returnUrl}`} replace />;
  }
  return <Outlet />;
}
