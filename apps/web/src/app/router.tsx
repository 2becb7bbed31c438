import {
  createBrowserRouter,
  matchPath,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { PENDING_SCREENS, PUBLIC_PAGES, paths, ROUTE_ALIASES } from '@/config/paths';
import { lazyPage, pendingRoutes, RouteLoading, redirect } from './lazy-route';
import type { PendingScreenHandle } from './pending-screen';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';

/** The route every space's table is added under. */
const ROOT_ROUTE_ID = 'root';

const publicPending = lazyPage(() => import('./routes/public-pending'), ['navigation']);

/** SPEC 2 public information pages, one lazy module each. */
const PUBLIC_PAGE_MODULES: Record<keyof typeof PUBLIC_PAGES, ReturnType<typeof lazyPage>> = {
  '/terms': lazyPage(() => import('./routes/public/terms'), ['legal']),
  '/privacy': lazyPage(() => import('./routes/public/privacy'), ['legal']),
  '/legal': lazyPage(() => import('./routes/public/legal'), ['legal']),
  '/cookies': lazyPage(() => import('./routes/public/cookies'), ['legal']),
  '/why-oss-lms': lazyPage(() => import('./routes/public/why-oss-lms'), ['legal']),
  '/install': lazyPage(() => import('./routes/public/install'), ['legal']),
  '/knowledge-base': lazyPage(() => import('./routes/public/knowledge-base'), ['legal']),
};

/** The paths of one level of the page table (config/paths.ts), its nested spaces and lists left out. */
function tablePaths(space: object): string[] {
  return Object.values(space).flatMap((entry: unknown) =>
    typeof entry === 'object' && entry !== null && 'path' in entry && typeof entry.path === 'string'
      ? [entry.path]
      : [],
  );
}

interface Space {
  /** Every path the space's table serves: an address matching one of them needs the table. */
  paths: readonly string[];
  load: () => Promise<RouteObject[]>;
}

/**
 * issue 12: the signed-in spaces' tables are chunks of their own, added to the router when an
 * address first needs them (`patchRoutesOnNavigation`), so the sign-in screen downloads only the
 * public part. A space is chosen by the paths of the page table it serves rather than by a prefix:
 * `/student/profile` needs the student table and `/student/:studentId` the trainer's, so an address
 * matching both loads both and the router ranks them as one table. router-spaces.test.ts checks that
 * every address is served as the whole table would serve it.
 */
export const SPACES: readonly Space[] = [
  {
    paths: [
      paths.assignOrganization.path,
      paths.profile.path,
      ...Object.keys(PENDING_SCREENS.signedIn),
      ...tablePaths(paths.student),
    ],
    load: async () => (await import('./student-space-routes')).createStudentSpaceRoutes(),
  },
  {
    paths: [...tablePaths(paths.trainer), ...ROUTE_ALIASES.trainer.map(([from]) => from)],
    load: async () => (await import('./trainer-space-routes')).createTrainerSpaceRoutes(),
  },
  {
    paths: tablePaths(paths.admin),
    load: async () => (await import('./admin-space-routes')).createAdminSpaceRoutes(),
  },
];

/** The spaces whose tables serve `pathname`: none for a public page or an address nobody serves. */
export function findSpaces(pathname: string): Space[] {
  return SPACES.filter((space) => space.paths.some((path) => matchPath(path, pathname)));
}

/**
 * Called on the first load and on each navigation the router cannot fully match with the routes it
 * has (a miss, or a match on a parameter or the not-found splat). A table already added is
 * recognised by its top routes' ids and not added twice.
 */
const patchAppRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const tables = await Promise.all(findSpaces(path).map((space) => space.load()));
  for (const routes of tables) patch(ROOT_ROUTE_ID, routes);
};

/** The options every router of the app is made with (tests' memory routers included). */
export const APP_ROUTER_OPTIONS = { patchRoutesOnNavigation: patchAppRoutes };

/** The public part of the route table; the signed-in spaces join it as addresses need them. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      path: paths.home.path,
      element: <RootRoute />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        {
          index: true,
          lazy: lazyPage(() => import('./routes/smart-redirect'), ['auth'], { withoutQueries: true }),
        },
        ...paths.student.legacyDashboards.map((path) => redirect(path, paths.student.dashboard.getHref())),

        // Public
        {
          path: paths.auth.path,
          lazy: lazyPage(() => import('./routes/auth/auth'), ['auth'], { withoutQueries: true }),
        },
        {
          path: paths.forgotPassword.path,
          lazy: lazyPage(() => import('./routes/auth/forgot-password'), ['auth']),
        },
        {
          path: paths.resetPassword.path,
          lazy: lazyPage(() => import('./routes/auth/reset-password'), ['auth']),
        },
        {
          path: paths.adminSignIn.path,
          lazy: lazyPage(() => import('./routes/auth/admin-sign-in'), ['auth'], { withoutQueries: true }),
        },
        { path: paths.unauthorized.path, lazy: lazyPage(() => import('./routes/unauthorized')) },
        ...Object.entries(PUBLIC_PAGES).map(([path, pendingScreen]) => ({
          path,
          handle: { pendingScreen } satisfies PendingScreenHandle,
          lazy: PUBLIC_PAGE_MODULES[path as keyof typeof PUBLIC_PAGES],
        })),
        {
          path: paths.publicQuiz.path,
          lazy: lazyPage(() => import('./routes/public/public-quiz'), ['quizAccess']),
        },
        {
          path: paths.positioning.path,
          lazy: lazyPage(() => import('./routes/public/positioning'), ['quizAccess']),
        },
        {
          path: paths.unsubscribe.path,
          lazy: lazyPage(() => import('./routes/public/unsubscribe'), ['emailPreferences']),
        },
        {
          path: paths.publicIndicators.path,
          lazy: lazyPage(() => import('./routes/public/indicators'), ['analytics']),
        },
        {
          path: paths.verifyCertificate.path,
          lazy: lazyPage(() => import('./routes/public/verify-certificate'), ['certificates']),
        },
        {
          path: paths.evaluationAnswer.path,
          lazy: lazyPage(() => import('./routes/public/evaluation-answer'), ['evaluations']),
        },
        {
          path: paths.sessionSignature.path,
          lazy: lazyPage(() => import('./routes/public/sign'), ['attendance', 'auth']),
        },
        ...pendingRoutes(PENDING_SCREENS.public, publicPending),
        {
          path: paths.errorDemos.path,
          lazy: lazyPage(() => import('./routes/public/error-demos'), ['errorDemos']),
        },
        {
          path: paths.testOrganism.path,
          lazy: lazyPage(() => import('./routes/public/test-organism'), ['auth', 'profile']),
        },

        { path: '*', lazy: lazyPage(() => import('./routes/not-found')) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes(), APP_ROUTER_OPTIONS);
}
