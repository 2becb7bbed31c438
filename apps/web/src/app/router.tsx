import { ROLES } from '@cursus/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireRole } from '@/features/auth/components/require-role';
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

export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: paths.home.path,
      element: <Outlet />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        { index: true, lazy: lazyPage(() => import('./routes/smart-redirect')) },
        ...paths.student.legacyDashboards.map((path) => ({
          path,
          element: <Navigate to={paths.student.dashboard.getHref()} replace />,
        })),

        // Public
        { path: paths.auth.path, lazy: lazyPage(() => import('./routes/auth/auth')) },
        { path: paths.forgotPassword.path, lazy: lazyPage(() => import('./routes/auth/forgot-password')) },
        { path: paths.resetPassword.path, lazy: lazyPage(() => import('./routes/auth/reset-password')) },
        { path: paths.adminSignIn.path, lazy: lazyPage(() => import('./routes/auth/admin-sign-in')) },
        { path: paths.unauthorized.path, lazy: lazyPage(() => import('./routes/unauthorized')) },

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
              ],
            },
          ],
        },

        // SPEC 6: student pages require student (admin passes every guard).
        {
          element: <RequireRole allow={['student']} />,
          children: [
            {
              element: <SignedInLayout />,
              children: [
                {
                  path: paths.student.dashboard.path,
                  lazy: lazyPage(() => import('./routes/student/dashboard')),
                },
              ],
            },
          ],
        },

        // SPEC 6: trainer pages accept trainer or admin; a trainer needs an organisation first.
        {
          element: <RequireRole allow={['trainer', 'admin']} requireOrganization />,
          children: [
            {
              element: <SignedInLayout />,
              children: [
                {
                  path: paths.trainer.dashboard.path,
                  lazy: lazyPage(() => import('./routes/trainer/dashboard')),
                },
                {
                  path: paths.trainer.students.path,
                  lazy: lazyPage(() => import('./routes/trainer/students')),
                },
              ],
            },
          ],
        },

        // SPEC 6: admin pages are admin only.
        {
          element: <RequireRole allow={['admin']} />,
          children: [
            {
              element: <SignedInLayout />,
              children: [
                {
                  path: paths.admin.dashboard.path,
                  lazy: lazyPage(() => import('./routes/admin/dashboard')),
                },
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
