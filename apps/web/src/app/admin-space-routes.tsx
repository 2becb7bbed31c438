import type { RouteObject } from 'react-router';
import { PENDING_SCREENS, paths } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
import { lazyPage, pendingRoutes, SPACE_NAMESPACES, signedInLayout, translations } from './lazy-route';

const adminPending = lazyPage(() => import('./routes/admin/pending'));

/** The admin space: a chunk of its own, which the router adds when an address needs it (router.tsx). */
export function createAdminSpaceRoutes(): RouteObject[] {
  return [
    // SPEC 6: admin pages are admin only.
    {
      id: 'admin-space',
      element: <RequireRole allow={['admin']} />,
      lazy: translations(SPACE_NAMESPACES),
      children: [
        {
          lazy: signedInLayout('staff'),
          children: [
            {
              path: paths.admin.dashboard.path,
              lazy: lazyPage(
                () => import('./routes/admin/dashboard'),
                ['analytics', 'admin', 'fundingWebhooks', 'auditTrail'],
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
                [
                  'auth',
                  'profile',
                  'emailPreferences',
                  'fundingWebhooks',
                  'privacy',
                  'accountSessions',
                  'twoFactor',
                ],
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
              lazy: lazyPage(
                () => import('./routes/admin/organization'),
                ['admin', 'questions', 'auditTrail'],
              ),
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
              lazy: lazyPage(
                () => import('./routes/admin/student-details'),
                ['learners', 'accountSessions', 'privacy'],
              ),
            },
            {
              path: paths.admin.trainers.path,
              lazy: lazyPage(() => import('./routes/admin/trainers'), ['trainers']),
            },
            {
              path: paths.admin.trainerDetails.path,
              lazy: lazyPage(() => import('./routes/admin/trainer-details'), ['trainers', 'accountSessions']),
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
  ];
}
