import { ROLES } from '@cursus/contracts';
import type { RouteObject } from 'react-router';
import { PENDING_SCREENS, paths } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
import { lazyPage, pendingRoutes, SPACE_NAMESPACES, signedInLayout, translations } from './lazy-route';
import { QuestionsHubSwitch } from './questions-hub-switch';

const studentPending = lazyPage(() => import('./routes/student/pending'));
/** SPEC 2: one profile screen, served inside each space's frame. */
const profile = lazyPage(
  () => import('./routes/profile'),
  ['auth', 'profile', 'emailPreferences', 'privacy', 'accountSessions', 'twoFactor'],
);
const studentCoursePage = lazyPage(
  () => import('./routes/student/formation'),
  ['learning', 'quizzes', 'offline'],
);

/** What Mon Suivi reads beyond the frame: one translation file per language (build/locale-sets.ts). */
export const MON_SUIVI_NAMESPACES = ['dashboard', 'learning', 'quizzes', 'evaluations'] as const;

/**
 * The pages of any signed-in person and the student space: a chunk of their own, which the router
 * adds when an address needs it (router.tsx), so the sign-in screen never downloads this table.
 */
export function createStudentSpaceRoutes(): RouteObject[] {
  return [
    // Any signed-in person: students wait here, trainers create their organisation, staff assign.
    {
      id: 'signed-in-space',
      element: <RequireRole allow={ROLES} />,
      lazy: translations(SPACE_NAMESPACES),
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
      id: 'student-space',
      element: <RequireRole allow={['student']} />,
      lazy: translations(SPACE_NAMESPACES),
      children: [
        {
          lazy: signedInLayout('student'),
          children: [
            {
              path: paths.student.dashboard.path,
              lazy: lazyPage(() => import('./routes/student/dashboard'), MON_SUIVI_NAMESPACES),
            },
            { path: paths.student.profile.path, lazy: profile },
            {
              path: paths.student.formations.path,
              lazy: lazyPage(() => import('./routes/student/formations'), ['learning', 'offline']),
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
              lazy: lazyPage(() => import('./routes/student/group-sessions'), ['groupSessions', 'planning']),
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
        // SPEC 2: the student layout does not apply on lesson pages. Loaded with them: imported here, it
        // brought the signed-in frame's chunk into this table's, evaluated in one long task with it.
        {
          lazy: lazyPage(() => import('./student-lesson-layout')),
          children: [
            {
              path: paths.student.lesson.path,
              lazy: lazyPage(() => import('./routes/lesson/lesson'), ['learning', 'offline']),
            },
            {
              path: paths.student.lessonAlias.path,
              lazy: lazyPage(() => import('./routes/lesson/lesson-alias'), ['learning']),
            },
          ],
        },
      ],
    },
  ];
}
