import { type ReactNode, Suspense, use } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { RouteLoading } from './lazy-route';
import {
  getLoadedQueryProvider,
  loadQueryProvider,
  type WithoutQueriesHandle,
} from './query-provider-loader';

function isWithoutQueries(handle: unknown): handle is WithoutQueriesHandle {
  return typeof handle === 'object' && handle !== null && 'withoutQueries' in handle;
}

/** The query cache's provider; its module is normally in already (lazyPage loads it with the page). */
function QueryProviderGate({ children }: { children: ReactNode }) {
  const QueryProvider = getLoadedQueryProvider() ?? use(loadQueryProvider()).default;
  return <QueryProvider>{children}</QueryProvider>;
}

/**
 * The root of every route. The router would serve '/trainer/students/' as '/trainer/students' while
 * keeping the slash in the address bar; SPEC 2's friendly redirects drop it so each page has one address.
 * Every page but those marked `withoutQueries` (the sign-in screens) runs inside the query cache.
 */
export function RootRoute() {
  const { pathname, search, hash } = useLocation();
  const matches = useMatches();
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return <Navigate to={{ pathname: pathname.replace(/\/+$/, '') || '/', search, hash }} replace />;
  }
  if (matches.some((match) => isWithoutQueries(match.handle))) return <Outlet />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <QueryProviderGate>
        <Outlet />
      </QueryProviderGate>
    </Suspense>
  );
}
