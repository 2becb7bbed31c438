import { Navigate, Outlet, useLocation } from 'react-router';

/**
 * The root of every route. The router would serve '/trainer/students/' as '/trainer/students' while
 * keeping the slash in the address bar; SPEC 2's friendly redirects drop it so each page has one address.
 */
export function RootRoute() {
  const { pathname, search, hash } = useLocation();
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return <Navigate to={{ pathname: pathname.replace(/\/+$/, '') || '/', search, hash }} replace />;
  }
  return <Outlet />;
}
