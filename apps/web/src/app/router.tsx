import { ROLES } from '@cursus/contracts';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { PENDING_SCREENS, PUBLIC_PAGES, paths, ROUTE_ALIASES } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import type { PendingScreenHandle } from './pending-screen';
import { QuestionsHubSwitch } from './questions-hub-switch';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import type { SignedInLayoutProps } from './signed-in-layout';
import { StudentLessonLayout } from './student-lesson-layout';

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

const studentPending = lazyPage(() => import('./routes/student/pending'));
const trainerPending = lazyPage(() => import('./routes/trainer/pending'));
const adminPending = lazyPage(() => import('./routes/admin/pending'));
const publicPending = lazyPage(() => import('./routes/public-pending'));
/** SPEC 2: one profile screen, served inside each space's frame. */
const profile = lazyPage(() => import('./routes/profile'), ['auth', 'profile', 'emailPreferences']);
const studentCoursePage = lazyPage(() => import('./routes/student/formation'), ['learning', 'quizzes']);
const createCoursePage = lazyPage(() => import('./routes/trainer/create-formation'), ['courses']);
const forumPage = lazyPage(() => import('./routes/trainer/forum'), ['forum', 'questions']);

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
                          lazy: lazyPage(() => import('./routes/student/questions-hub'), ['questions']),
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
                    ['dashboard', 'learning', 'quizzes', 'evaluations'],
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
                  path: paths.student.documents.path,
                  lazy: lazyPage(() => import('./routes/student/documents'), ['documents', 'certificates']),
                },
                {
                  path: paths.student.formationSignature.path,
                  lazy: lazyPage(() => import('./routes/student/formation-signature'), ['signatures']),
                },
                {
                  path: paths.student.quizzes.path,
                  lazy: lazyPage(() => import('./routes/student/quizzes'), ['quizzes']),
                },
                {
                  path: paths.student.achievements.path,
                  lazy: lazyPage(() => import('./routes/student/achievements'), ['achievements']),
                },
                {
                  path: paths.student.questions.path,
                  lazy: lazyPage(() => import('./routes/student/questions'), ['questions']),
                },
                {
                  path: paths.student.messages.path,
                  lazy: lazyPage(() => import('./routes/student/messages'), ['messages']),
                },
                {
                  path: paths.student.groupSessions.path,
                  lazy: lazyPage(
                    () => import('./routes/student/group-sessions'),
                    ['groupSessions', 'planning'],
                  ),
                },
                {
                  path: paths.student.liveGroupSession.path,
                  lazy: lazyPage(() => import('./routes/student/live-group-session'), ['groupSessions']),
                },
                {
                  path: paths.student.coaching.path,
                  lazy: lazyPage(() => import('./routes/student/coaching'), ['groupSessions']),
                },
                ...pendingRoutes(PENDING_SCREENS.student, studentPending),
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
                  lazy: lazyPage(() => import('./routes/trainer/dashboard'), ['analytics']),
                },
                {
                  path: paths.trainer.analytics.path,
                  lazy: lazyPage(() => import('./routes/trainer/analytics'), ['analytics']),
                },
                { path: paths.trainer.profile.path, lazy: profile },
                {
                  path: paths.trainer.students.path,
                  lazy: lazyPage(() => import('./routes/trainer/students'), ['learners']),
                },
                ...[paths.trainer.studentDetails.path, paths.trainer.studentDetailsShort.path].map(
                  (path) => ({
                    path,
                    lazy: lazyPage(
                      () => import('./routes/trainer/student-details'),
                      ['learners', 'documents', 'quizAccess'],
                    ),
                  }),
                ),
                {
                  path: paths.trainer.help.path,
                  lazy: lazyPage(() => import('./routes/trainer/help'), ['help']),
                },
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
                  lazy: lazyPage(() => import('./routes/trainer/formation'), ['courses', 'marketplace']),
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
                  lazy: lazyPage(
                    () => import('./routes/trainer/settings'),
                    ['settings', 'organizationSettings', 'attendance'],
                  ),
                },
                {
                  path: paths.trainer.legalInfo.path,
                  lazy: lazyPage(() => import('./routes/trainer/legal-info'), ['organizationSettings']),
                },
                {
                  path: paths.trainer.exercises.path,
                  lazy: lazyPage(() => import('./routes/trainer/exercises'), ['exercises']),
                },
                {
                  path: paths.trainer.certificates.path,
                  lazy: lazyPage(() => import('./routes/trainer/certificates'), ['certificates']),
                },
                {
                  path: paths.trainer.customEvaluations.path,
                  lazy: lazyPage(() => import('./routes/trainer/custom-evaluations'), ['evaluations']),
                },
                {
                  path: paths.trainer.documents.path,
                  lazy: lazyPage(() => import('./routes/trainer/documents'), ['documents']),
                },
                {
                  path: paths.trainer.trainers.path,
                  lazy: lazyPage(() => import('./routes/trainer/trainers'), ['trainers']),
                },
                {
                  path: paths.trainer.trainerDetails.path,
                  lazy: lazyPage(() => import('./routes/trainer/trainer-details'), ['trainers']),
                },
                {
                  path: paths.trainer.planning.path,
                  lazy: lazyPage(() => import('./routes/trainer/planning'), ['planning']),
                },
                {
                  path: paths.trainer.compliance.path,
                  lazy: lazyPage(() => import('./routes/trainer/compliance'), ['compliance', 'registers']),
                },
                {
                  path: paths.trainer.marketplace.path,
                  lazy: lazyPage(() => import('./routes/trainer/marketplace'), ['marketplace']),
                },
                {
                  path: paths.trainer.signatures.path,
                  lazy: lazyPage(() => import('./routes/trainer/signatures'), ['signatures']),
                },
                {
                  path: paths.trainer.groupSessions.path,
                  lazy: lazyPage(() => import('./routes/trainer/group-sessions'), ['groupSessions']),
                },
                {
                  path: paths.trainer.groupSessionAttendance.path,
                  lazy: lazyPage(() => import('./routes/trainer/group-session-attendance'), ['attendance']),
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
                {
                  path: paths.trainer.messages.path,
                  lazy: lazyPage(() => import('./routes/trainer/messages'), ['messages']),
                },
                // One forum page, for one's own organisation or the one named.
                ...[paths.trainer.forum.path, paths.trainer.organizationForum.path].map((path) => ({
                  path,
                  lazy: forumPage,
                })),
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
                  lazy: lazyPage(
                    () => import('./routes/admin/dashboard'),
                    ['analytics', 'admin', 'fundingWebhooks'],
                  ),
                },
                {
                  path: paths.admin.analytics.path,
                  lazy: lazyPage(() => import('./routes/trainer/analytics'), ['analytics']),
                },
                // An admin's profile also holds the funding platform's recent-logs panel.
                {
                  path: paths.admin.profile.path,
                  lazy: lazyPage(
                    () => import('./routes/profile'),
                    ['auth', 'profile', 'emailPreferences', 'fundingWebhooks'],
                  ),
                },
                {
                  path: paths.admin.courses.path,
                  lazy: lazyPage(() => import('./routes/admin/courses'), ['courses']),
                },
                {
                  path: paths.admin.quizzes.path,
                  lazy: lazyPage(() => import('./routes/admin/quizzes'), ['quizzes']),
                },
                {
                  path: paths.admin.groupSessions.path,
                  lazy: lazyPage(() => import('./routes/admin/group-sessions'), ['groupSessions']),
                },
                {
                  path: paths.admin.organizationOnboarding.path,
                  lazy: lazyPage(() => import('./routes/admin/organization-onboarding'), ['admin']),
                },
                {
                  path: paths.admin.organization.path,
                  lazy: lazyPage(() => import('./routes/admin/organization'), ['admin', 'questions']),
                },
                {
                  path: paths.admin.monitoring.path,
                  lazy: lazyPage(() => import('./routes/admin/monitoring'), ['system']),
                },
                {
                  path: paths.admin.systemMonitoring.path,
                  lazy: lazyPage(() => import('./routes/admin/system-monitoring'), ['system']),
                },
                {
                  path: paths.admin.health.path,
                  lazy: lazyPage(() => import('./routes/admin/health'), ['system']),
                },
                {
                  path: paths.admin.improvements.path,
                  lazy: lazyPage(() => import('./routes/admin/improvements'), ['registers']),
                },
                {
                  path: paths.admin.fundingWebhooks.path,
                  lazy: lazyPage(() => import('./routes/admin/funding-webhooks'), ['fundingWebhooks']),
                },
                {
                  path: paths.admin.students.path,
                  lazy: lazyPage(() => import('./routes/admin/students'), ['learners']),
                },
                {
                  path: paths.admin.studentDetails.path,
                  lazy: lazyPage(() => import('./routes/admin/student-details'), ['learners']),
                },
                {
                  path: paths.admin.trainers.path,
                  lazy: lazyPage(() => import('./routes/admin/trainers'), ['trainers']),
                },
                {
                  path: paths.admin.trainerDetails.path,
                  lazy: lazyPage(() => import('./routes/admin/trainer-details'), ['trainers']),
                },
                {
                  path: paths.admin.documentRequirements.path,
                  lazy: lazyPage(() => import('./routes/admin/document-requirements'), ['documents']),
                },
                {
                  path: paths.admin.settings.path,
                  lazy: lazyPage(() => import('./routes/admin/settings'), ['organizationSettings']),
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
