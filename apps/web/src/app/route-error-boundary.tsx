import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { RouteErrorView } from '@/components/errors/route-error-view';
import { paths } from '@/config/paths';
import { logError } from '@/lib/error-logger';
import { getErrorSeverity, getErrorText } from '@/lib/error-severity';

/** History state carrying the attempts made, since a failed retry mounts a fresh boundary. */
interface RetryState {
  routeRetryAttempts?: number;
}

function readAttempts(state: unknown): number {
  const attempts = (state as RetryState | null)?.routeRetryAttempts;
  return typeof attempts === 'number' ? attempts : 0;
}

/**
 * Shown when a route fails to render or to load its code (a deploy replaced the chunk, the network
 * dropped). Loading problems retry by themselves (SPEC 4), since they usually cure on a second try.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (import.meta.env.DEV) console.error(error);
    logError(error, { category: 'route', componentName: location.pathname });
  }, [error, location.pathname]);

  const { pathname, search, hash, state } = location;
  const retry = useCallback(
    (attempt: number) => {
      // Navigating to the same address resets react-router's boundary and re-runs loaders and lazy
      // modules; a fresh visit has no state, so it starts again from zero attempts.
      const retryState: RetryState = { ...(state as object | null), routeRetryAttempts: attempt };
      navigate({ pathname, search, hash }, { replace: true, state: retryState });
    },
    [navigate, pathname, search, hash, state],
  );

  return (
    <main className="min-h-dvh bg-background text-foreground">
      <RouteErrorView
        key={location.key}
        error={error}
        name={location.pathname}
        autoRetry={getErrorSeverity(getErrorText(error)) === 'medium'}
        initialAttempts={readAttempts(state)}
        onRetry={retry}
        onBack={() => navigate(-1)}
        onHome={() => navigate(paths.home.getHref())}
      />
    </main>
  );
}
