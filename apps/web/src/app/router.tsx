import { ROLES } from '@cursus/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LessonLayout } from '@/components/layouts/lesson-layout';
import { FullPageSpinner } from '@/components/ui/spinner';
import { PENDING_SCREENS, PUBLIC_PAGES, paths, ROUTE_ALIASES } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
import type { PendingScreenHandle } from './pending-screen';
import { QuestionsHubSwitch } from './questions-hub-switch';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { SignedInLayout } from './signed-in-layout';

/** Route modules load on first visit, so a student never downloads the admin space. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

function RouteLoading() {
  const { t } = useTranslation('common');
  return <FullPageSpinner label={t('loading')} />;
}

/** One route per pending screen of a space, all served by that space's lazy module. */
function pendingRoutes(
  screens: Record<string, PendingScreenHandle['pendingScreen']>,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject[] {
  return Object.entries(screens).map(([path, pendingScreen]) => ({
    path,
    handle: { pendingScreen } satisfies PendingScreenHandle,
    lazy: lazyPage(load),
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

const loadStudentPending = () => import('./routes/student/pending');
const loadTrainerPending = () => import('./routes/trainer/pending');
const loadAdminPending = () => import('./routes/admin/pending');
const loadPublicPending = () => import('./routes/public-pending');
/** SPEC 2: one profile screen, served inside each space's frame. */
const loadProfile = () => import('./routes/profile');
const loadStudentFormation = () => import('./routes/student/formation');
const loadCreateFormation = () => import('./routes/trainer/create-formation');

/** SPEC 2 public information pages, one lazy module each. */
const PUBLIC_PAGE_MODULES: Record<keyof typeof PUBLIC_PAGES, () => Promise<{ default: ComponentType }>> = {
  '/terms': () => import('./routes/public/terms'),
  '/privacy': () => import('./routes/public/privacy'),
  '/legal': () => import('./routes/public/legal'),
  '/cookies': () => import('./routes/public/cookies'),
  '/why-oss-lms': () => import('./routes/public/why-oss-lms'),
  '/install': () => import('./routes/public/install'),
  '/knowledge-base': () => import('./routes/public/knowledge-base'),
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
        { index: true, lazy: lazyPage(() => import('./routes/smart-redirect')) },
        ...paths.student.legacyDashboards.map((path) => redirect(path, paths.student.dashboard.getHref())),

        // Public
        { path: paths.auth.path, lazy: lazyPage(() => import('./routes/auth/auth')) },
        { path: paths.forgotPassword.path, lazy: lazyPage(() => import('./routes/auth/forgot-password')) },
        { path: paths.resetPassword.path, lazy: lazyPage(() => import('./routes/auth/reset-password')) },
        { path: paths.adminSignIn.path, lazy: lazyPage(() => import('./routes/auth/admin-sign-in')) },
        { path: paths.unauthorized.path, lazy: lazyPage(() => import('./routes/unauthorized')) },
        ...Object.entries(PUBLIC_PAGES).map(([path, pendingScreen]) => ({
          path,
          handle: { pendingScreen } satisfies PendingScreenHandle,
          lazy: lazyPage(PUBLIC_PAGE_MODULES[path as keyof typeof PUBLIC_PAGES]),
        })),
        ...pendingRoutes(PENDING_SCREENS.public, loadPublicPending),
        { path: paths.errorDemos.path, lazy: lazyPage(() => import('./routes/public/error-demos')) },
        { path: paths.testOrganism.path, lazy: lazyPage(() => import('./routes/public/test-organism')) },

        // Any signed-in person: students wait here, trainers create their organisation, staff assign.
        {
          element: <RequireRole allow={ROLES} />,
          children: [
            {
              element: <SignedInLayout />,
              children: [
                {
                  path: paths.assignOrganization.path,
                  lazy: lazyPage(() => import('./routes/assign-organization')),
                },
                ...pendingRoutes(PENDING_SCREENS.signedIn, loadStudentPending),
                { path: paths.profile.path, lazy: lazyPage(loadProfile) },
              ],
            },
            // A student's own questions hub; trainers and admins go to the organisation's forum.
            {
              path: paths.student.questionsHub.path,
              element: <QuestionsHubSwitch />,
              children: [
                {
                  element: <RequireRole allow={['student']} />,
                  children: [
                    {
                      element: <SignedInLayout space="student" />,
                      children: [
                        {
                          index: true,
                          handle: { pendingScreen: 'questionsHub' } satisfies PendingScreenHandle,
                          lazy: lazyPage(loadStudentPending),
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
          children: [
            {
              element: <SignedInLayout space="student" />,
              children: [
                {
                  path: paths.student.dashboard.path,
                  lazy: lazyPage(() => import('./routes/student/dashboard')),
                },
                { path: paths.student.profile.path, lazy: lazyPage(loadProfile) },
                {
                  path: paths.student.formations.path,
                  lazy: lazyPage(() => import('./routes/student/formations')),
                },
                // SPEC 2: one formation page under three addresses.
                ...[
                  paths.student.formation.path,
                  paths.student.course.path,
                  paths.student.studentFormation.path,
                ].map((path) => ({ path, lazy: lazyPage(loadStudentFormation) })),
                {
                  path: paths.student.progression.path,
                  lazy: lazyPage(() => import('./routes/student/progression')),
                },
                ...pendingRoutes(STUDENT_PENDING, loadStudentPending),
              ],
            },
            // SPEC 2: the student layout does not apply on lesson pages.
            {
              element: <StudentLessonLayout />,
              children: [
                { path: paths.student.lesson.path, lazy: lazyPage(() => import('./routes/lesson/lesson')) },
                {
                  path: paths.student.lessonAlias.path,
                  lazy: lazyPage(() => import('./routes/lesson/lesson-alias')),
                },
              ],
            },
          ],
        },

        // SPEC 6: trainer pages accept trainer or admin; a trainer needs an organisation first.
        {
          element: <RequireRole allow={['trainer', 'admin']} requireOrganization />,
          children: [
            ...ROUTE_ALIASES.trainer.map(([from, to]) => redirect(from, to)),
            {
              element: <SignedInLayout space="staff" />,
              children: [
                {
                  path: paths.trainer.dashboard.path,
                  lazy: lazyPage(() => import('./routes/trainer/dashboard')),
                },
                { path: paths.trainer.profile.path, lazy: lazyPage(loadProfile) },
                {
                  path: paths.trainer.students.path,
                  lazy: lazyPage(() => import('./routes/trainer/students')),
                },
                // Listed before the pending screens so it wins over their '/trainer/help' entry.
                { path: '/trainer/help', lazy: lazyPage(() => import('./routes/trainer/help')) },
                {
                  path: paths.trainer.courses.path,
                  lazy: lazyPage(() => import('./routes/trainer/courses')),
                },
                // SPEC 2: one creation screen at two addresses.
                ...[paths.trainer.createFormation.path, paths.trainer.createFormationShort.path].map(
                  (path) => ({
                    path,
                    lazy: lazyPage(loadCreateFormation),
                  }),
                ),
                {
                  path: paths.trainer.formation.path,
                  lazy: lazyPage(() => import('./routes/trainer/formation')),
                },
                {
                  path: paths.trainer.connectionLogs.path,
                  lazy: lazyPage(() => import('./routes/trainer/connection-logs')),
                },
                {
                  path: paths.trainer.settings.path,
                  lazy: lazyPage(() => import('./routes/trainer/settings')),
                },
                ...pendingRoutes(PENDING_SCREENS.trainer, loadTrainerPending),
              ],
            },
          ],
        },

        // SPEC 6: admin pages are admin only.
        {
          element: <RequireRole allow={['admin']} />,
          children: [
            {
              element: <SignedInLayout space="staff" />,
              children: [
                {
                  path: paths.admin.dashboard.path,
                  lazy: lazyPage(() => import('./routes/admin/dashboard')),
                },
                { path: paths.admin.profile.path, lazy: lazyPage(loadProfile) },
                { path: paths.admin.courses.path, lazy: lazyPage(() => import('./routes/admin/courses')) },
                ...pendingRoutes(PENDING_SCREENS.admin, loadAdminPending),
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
