import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import type { PendingScreenHandle } from './pending-screen';
import { loadQueryProvider, type WithoutQueriesHandle } from './query-provider-loader';
import type { SignedInLayoutProps } from './signed-in-layout';

type PageModule = () => Promise<{ default: ComponentType }>;

export function RouteLoading() {
  const { t } = useTranslation('common');
  return <FullPageSpinner label={t('loading')} />;
}

/**
 * Route modules load on first visit, so a student never downloads the admin space, together with
 * the translation namespaces their screens use beyond the start ones (lib/i18n.ts START_NAMESPACES):
 * the page renders once both are in, never with a raw key. router-translations.test.ts checks each
 * list against what the module's screens read. The query cache's provider comes with them, except for
 * a page `withoutQueries`: the sign-in screens, which must not download it (issue 12).
 */
export function lazyPage(
  load: PageModule,
  namespaces: readonly Namespace[] = [],
  { withoutQueries = false }: { withoutQueries?: boolean } = {},
) {
  return async () => {
    const [{ default: Page }] = await Promise.all([
      load(),
      loadNamespaces(namespaces),
      withoutQueries ? undefined : loadQueryProvider(),
    ]);
    // Only a namespace missing from the list would suspend: a spinner then, rather than keys.
    const Component = () => (
      <Suspense fallback={<RouteLoading />}>
        <Page />
      </Suspense>
    );
    return withoutQueries
      ? { Component, handle: { withoutQueries: true } satisfies WithoutQueriesHandle }
      : { Component };
  };
}

/** For a layout or guard route: its components' namespaces load before its first render. */
export function translations(namespaces: readonly Namespace[]) {
  return async () => {
    await loadNamespaces(namespaces);
    return {};
  };
}

/**
 * What every page of a signed-in space reads beyond the start namespaces: the guard's messages and
 * the frames' and page titles' labels. Each space's guard loads them (router-translations.test.ts).
 */
export const SPACE_NAMESPACES = ['auth', 'navigation'] as const;

/** What the signed-in frame shows around every page: sidebar, notifications, help, time tracker. */
export const SIGNED_IN_LAYOUT_NAMESPACES = ['navigation', 'help', 'notifications', 'timeTracking'] as const;

/**
 * The signed-in frame (its sidebar, notifications, help and time tracker) loads with the first
 * signed-in page, together with its namespaces: the sign-in page never downloads it (issue 12).
 */
export function signedInLayout(space?: SignedInLayoutProps['space']) {
  return async () => {
    const [{ SignedInLayout }] = await Promise.all([
      import('./signed-in-layout'),
      loadNamespaces(SIGNED_IN_LAYOUT_NAMESPACES),
      loadQueryProvider(),
    ]);
    return { Component: () => <SignedInLayout space={space} /> };
  };
}

/** One route per pending screen of a space, all served by that space's lazy module. */
export function pendingRoutes(
  screens: Record<string, PendingScreenHandle['pendingScreen']>,
  lazy: ReturnType<typeof lazyPage>,
): RouteObject[] {
  return Object.entries(screens).map(([path, pendingScreen]) => ({
    path,
    handle: { pendingScreen } satisfies PendingScreenHandle,
    lazy,
  }));
}

export function redirect(from: string, to: string): RouteObject {
  return { path: from, element: <Navigate to={to} replace /> };
}
