import { ROLES } from '@cursus/contracts';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LessonLayout } from '@/components/layouts/lesson-layout';
import { FullPageSpinner } from '@/components/ui/spinner';
import { PENDING_SCREENS, PUBLIC_PAGES, paths, ROUTE_ALIASES } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import type { PendingScreenHandle } from './pending-screen';
import { QuestionsHubSwitch } from './questions-hub-switch';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import type { SignedInLayoutProps } from './signed-in-layout';

type PageModule = () => Promise<{ default: ComponentType }>;

function RouteLoading() {
  const { t } = useTranslation('common');
  return <FullPageSpinner label={t('loading')} />;
}

/**
 * Route modules load on first visit, so a student never downloads the admin space, together with
 * the translation namespaces their screens use beyond the start ones (lib/i18n.ts START_NAMESPACES):
 * the page renders once both are in, never with a raw key. router-translations.test.ts checks each
 * list against what the module's screens read.
 */
function lazyPage(load: PageModule, namespaces: readonly Namespace[] = []) {
  return async () => {
    const [{ default: Page }] = await Promise.all([load(), loadNamespaces(namespaces)]);
    // Only a namespace missing from the list would suspend: a spinner then, rather than keys.
    const Component = () => (
      <Suspense fallback={<RouteLoading />}>
        <Page />
      </Suspense>
    );
    return { Component };
  };
}

/** For a layout or guard route: its components' namespaces load before its first render. */
function translations(namespaces: readonly Namespace[]) {
  return async () => {
    await loadNamespaces(namespaces);
    return {};
  };
}

/** What the signed-in frame shows around every page: sidebar, notifications, help, time tracker. */
const SIGNED_IN_LAYOUT_NAMESPACES = ['help', 'notifications', 'timeTracking'] as const;

/**
 * The signed-in frame (its sidebar, notifications, help and time tracker) loads with the first
 * signed-in page, together with its namespaces: the sign-in page never downloads it (issue 12).
 */
function signedInLayout(space?: SignedInLayoutProps['space']) {
  return async () => {
    const [{ SignedInLayout }] = await Promise.all([
      import('./signed-in-layout'),
      loadNamespaces(SIGNED_IN_LAYOUT_NAMESPACES),
    ]);
    return { Component: () => <SignedInLayout space={space} /> };
  };
}

/** One route per pending screen of a space, all served by that space's lazy module. */
function pendingRoutes(
  screens: Record<string, PendingScreenHandle['pendingScreen']>,
  lazy: ReturnType<typeof lazyPage>,
): RouteObject[] {
  return Object.entries(screens).map(([path, pendingScreen]) => ({
    path,
    handle: { pendingScreen } satisfies PendingScreenHandle,
    lazy,
  }));
}

function redirect(from: string, to: string): RouteObject {
  return { path: from, element: <Navigate to={to} replace /> };
}

function StudentLessonLayout() {
  return (
    <LessonLayout backHref={paths.student.formations.getHref()}>
      <Outlet />
    </LessonLayout>
  );
}

const studentPending = lazyPage(() => import('./routes/student/pending'));
const trainerPending = lazyPage(() => import('./routes/trainer/pending'));
const adminPending = lazyPage(() => import('./routes/admin/pending'));
const publicPending = lazyPage(() => import('./routes/public-pending'));
/** SPEC 2: one profile screen, served inside each space's frame. */
const profile = lazyPage(() => import('./routes/profile'), ['auth', 'profile']);
const studentCoursePage = lazyPage(() => import('./routes/student/formation'), ['learning']);
const createCoursePage = lazyPage(() => import('./routes/trainer/create-formation'), ['courses']);

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

const { '/questions-hub/:organizationId': _studentQuestionsHub, ...STUDENT_PENDING } =
  PENDING_SCREENS.student;

export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: paths.home.path,
      element: <RootRoute />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        { index: true, lazy: lazyPage(() => import('./routes/smart-redirect'), ['auth']) },
        ...paths.student.legacyDashboards.map((path) => redirect(path, paths.student.dashboard.getHref())),

        // Public
        { path: paths.auth.path, lazy: lazyPage(() => import('./routes/auth/auth'), ['auth']) },
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
          lazy: lazyPage(() => import('./routes/auth/admin-sign-in'), ['auth']),
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
        ...pendingRoutes(PENDING_SCREENS.public, publicPending),
        { path: paths.errorDemos.path, lazy: lazyPage(() => import('./routes/public/error-demos')) },
        {
          path: paths.testOrganism.path,
          lazy: lazyPage(() => import('./routes/public/test-organism'), ['auth', 'profile']),
        },

        // Any signed-in person: students wait here, trainers create their organisation, staff assign.
        {
          element: <RequireRole allow={ROLES} />,
          lazy: translations(['auth']),
          children: [
            {
              lazy: signedInLayout(),
              children: [
                {
                  path: paths.assignOrganization.path,
                  lazy: lazyPage(() => import('./routes/assign-organization'), ['organizations']),
                },
                ...pendingRoutes(PENDING_SCREENS.signedIn, studentPending),
                { path: paths.profile.path, lazy: profile },
              ],
            },
            // A student's own questions hub; trainers and admins go to the organisation's forum.
            {
              path: paths.student.questionsHub.path,
              element: <QuestionsHubSwitch />,
              children: [
                {
                  element: <RequireRole allow={['student']} />,
                  lazy: translations(['auth']),
                  children: [
                    {
                      lazy: signedInLayout('student'),
                      children: [
                        {
                          index: true,
                          handle: { pendingScreen: 'questionsHub' } satisfies PendingScreenHandle,
                          lazy: studentPending,
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },

        // SPEC 6: student pages require student (admin passes every guard, with the student frame).
        {
          element: <RequireRole allow={['student']} />,
          lazy: translations(['auth']),
          children: [
            {
              lazy: signedInLayout('student'),
              children: [
                {
                  path: paths.student.dashboard.path,
                  lazy: lazyPage(
                    () => import('./routes/student/dashboard'),
                    ['dashboard', 'learning', 'quizzes'],
                  ),
                },
                { path: paths.student.profile.path, lazy: profile },
                {
                  path: paths.student.formations.path,
                  lazy: lazyPage(() => import('./routes/student/formations'), ['learning']),
                },
                // SPEC 2: one formation page under three addresses.
                ...[
                  paths.student.formation.path,
                  paths.student.course.path,
                  paths.student.studentFormation.path,
                ].map((path) => ({ path, lazy: studentCoursePage })),
                {
                  path: paths.student.progression.path,
                  lazy: lazyPage(() => import('./routes/student/progression'), ['learning']),
                },
                {
                  path: paths.student.exercises.path,
                  lazy: lazyPage(() => import('./routes/student/exercises'), ['exercises']),
                },
                {
                  path: paths.student.quizzes.path,
                  lazy: lazyPage(() => import('./routes/student/quizzes'), ['quizzes']),
                },
                {
                  path: paths.student.achievements.path,
                  lazy: lazyPage(() => import('./routes/student/achievements'), ['achievements']),
                },
                ...pendingRoutes(STUDENT_PENDING, studentPending),
              ],
            },
            // SPEC 2: the student layout does not apply on lesson pages.
            {
              element: <StudentLessonLayout />,
              children: [
                {
                  path: paths.student.lesson.path,
                  lazy: lazyPage(() => import('./routes/lesson/lesson'), ['learning']),
                },
                {
                  path: paths.student.lessonAlias.path,
                  lazy: lazyPage(() => import('./routes/lesson/lesson-alias'), ['learning']),
                },
              ],
            },
          ],
        },

        // SPEC 6: trainer pages accept trainer or admin; a trainer needs an organisation first.
        {
          element: <RequireRole allow={['trainer', 'admin']} requireOrganization />,
          lazy: translations(['auth']),
          children: [
            ...ROUTE_ALIASES.trainer.map(([from, to]) => redirect(from, to)),
            {
              lazy: signedInLayout('staff'),
              children: [
                {
                  path: paths.trainer.dashboard.path,
                  lazy: lazyPage(() => import('./routes/trainer/dashboard'), ['organizations']),
                },
                { path: paths.trainer.profile.path, lazy: profile },
                {
                  path: paths.trainer.students.path,
                  lazy: lazyPage(() => import('./routes/trainer/students'), ['organizations']),
                },
                // Listed before the pending screens so it wins over their '/trainer/help' entry.
                { path: '/trainer/help', lazy: lazyPage(() => import('./routes/trainer/help'), ['help']) },
                {
                  path: paths.trainer.courses.path,
                  lazy: lazyPage(() => import('./routes/trainer/courses'), ['courses']),
                },
                // SPEC 2: one creation screen at two addresses.
                ...[paths.trainer.createFormation.path, paths.trainer.createFormationShort.path].map(
                  (path) => ({ path, lazy: createCoursePage }),
                ),
                {
                  path: paths.trainer.formation.path,
                  lazy: lazyPage(() => import('./routes/trainer/formation'), ['courses']),
                },
                {
                  path: paths.trainer.connectionLogs.path,
                  lazy: lazyPage(
                    () => import('./routes/trainer/connection-logs'),
                    ['connectionLogs', 'timeTracking'],
                  ),
                },
                {
                  path: paths.trainer.settings.path,
                  lazy: lazyPage(() => import('./routes/trainer/settings'), ['settings']),
                },
                {
                  path: paths.trainer.exercises.path,
                  lazy: lazyPage(() => import('./routes/trainer/exercises'), ['exercises']),
                },
                {
                  path: paths.trainer.quizzes.path,
                  lazy: lazyPage(() => import('./routes/trainer/quizzes'), ['quizzes', 'quizAccess']),
                },
                {
                  path: paths.trainer.positioning.path,
                  lazy: lazyPage(() => import('./routes/trainer/positioning'), ['quizAccess']),
                },
                {
                  path: paths.trainer.badges.path,
                  lazy: lazyPage(() => import('./routes/trainer/badges'), ['achievements']),
                },
                ...pendingRoutes(PENDING_SCREENS.trainer, trainerPending),
              ],
            },
          ],
        },

        // SPEC 6: admin pages are admin only.
        {
          element: <RequireRole allow={['admin']} />,
          lazy: translations(['auth']),
          children: [
            {
              lazy: signedInLayout('staff'),
              children: [
                {
                  path: paths.admin.dashboard.path,
                  lazy: lazyPage(() => import('./routes/admin/dashboard'), ['admin']),
                },
                { path: paths.admin.profile.path, lazy: profile },
                {
                  path: paths.admin.courses.path,
                  lazy: lazyPage(() => import('./routes/admin/courses'), ['courses']),
                },
                {
                  path: paths.admin.quizzes.path,
                  lazy: lazyPage(() => import('./routes/admin/quizzes'), ['quizzes']),
                },
                ...pendingRoutes(PENDING_SCREENS.admin, adminPending),
              ],
            },
          ],
        },

        { path: '*', lazy: lazyPage(() => import('./routes/not-found')) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
