import type { RouteObject } from 'react-router';
import { PENDING_SCREENS, paths, ROUTE_ALIASES } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
import {
  lazyPage,
  pendingRoutes,
  redirect,
  SPACE_NAMESPACES,
  signedInLayout,
  translations,
} from './lazy-route';

const trainerPending = lazyPage(() => import('./routes/trainer/pending'));
/** SPEC 2: one profile screen, served inside each space's frame. */
const profile = lazyPage(
  () => import('./routes/profile'),
  ['auth', 'profile', 'emailPreferences', 'privacy', 'accountSessions', 'twoFactor'],
);
const createCoursePage = lazyPage(() => import('./routes/trainer/create-formation'), ['courses']);
const forumPage = lazyPage(() => import('./routes/trainer/forum'), ['forum', 'questions']);

/** The trainer space: a chunk of its own, which the router adds when an address needs it (router.tsx). */
export function createTrainerSpaceRoutes(): RouteObject[] {
  return [
    // SPEC 6: trainer pages accept trainer or admin; a trainer needs an organisation first.
    {
      id: 'trainer-space',
      element: <RequireRole allow={['trainer', 'admin']} requireOrganization />,
      lazy: translations(SPACE_NAMESPACES),
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
            ...[paths.trainer.studentDetails.path, paths.trainer.studentDetailsShort.path].map((path) => ({
              path,
              lazy: lazyPage(
                () => import('./routes/trainer/student-details'),
                ['learners', 'documents', 'quizAccess', 'privacy'],
              ),
            })),
            {
              path: paths.trainer.help.path,
              lazy: lazyPage(() => import('./routes/trainer/help'), ['help']),
            },
            {
              path: paths.trainer.courses.path,
              lazy: lazyPage(() => import('./routes/trainer/courses'), ['courses']),
            },
            // SPEC 2: one creation screen at two addresses.
            ...[paths.trainer.createFormation.path, paths.trainer.createFormationShort.path].map((path) => ({
              path,
              lazy: createCoursePage,
            })),
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
                ['settings', 'organizationSettings', 'attendance', 'privacy', 'twoFactor'],
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
              lazy: lazyPage(
                () => import('./routes/trainer/compliance'),
                ['compliance', 'registers', 'auditTrail'],
              ),
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
  ];
}
