import { canEnterSpace, type Role } from '@cursus/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths, TWO_FACTOR_SECTION_ID, type UnauthorizedState } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';
import { AuthUnavailable } from './auth-unavailable';

export interface RequireRoleProps {
  /** Roles this space accepts; an admin passes every guard (SPEC 6). */
  allow: readonly Role[];
  /** SPEC 6: a trainer must have an organisation before using the trainer space. */
  requireOrganization?: boolean;
  /** Rendered when allowed; defaults to the nested routes. */
  children?: ReactNode;
}

/** The SPEC 4 route guard. */
export function RequireRole({ allow, requireOrganization = false, children }: RequireRoleProps) {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (auth.status === 'loading') return <FullPageSpinner label={t('loading')} />;

  if (!auth.user) {
    if (auth.sessionError) return <AuthUnavailable error={auth.sessionError} />;
    // After a deliberate sign-out, do not offer to come back to the page just left.
    const target = auth.hasSignedOut
      ? paths.auth.getHref({ mode: 'signin' })
      : paths.auth.getHref({ mode: 'signin', redirect: here });
    return <Navigate to={target} replace />;
  }

  if (!canEnterSpace(auth.user.role, allow)) {
    const state: UnauthorizedState = { from: here };
    return <Navigate to={paths.unauthorized.getHref()} replace state={state} />;
  }

  if (requireOrganization && auth.user.role === 'trainer' && !auth.user.organizationId) {
    return <Navigate to={paths.assignOrganization.getHref()} replace />;
  }

  // Issue 19: until a required second factor is set up, every API call but its enrolment answers
  // 403, so the space opens on the profile's enrolment section.
  if (auth.user.twoFactorEnrolmentRequired) {
    const profile = auth.user.role === 'admin' ? paths.admin.profile : paths.trainer.profile;
    if (location.pathname !== profile.path)
      return <Navigate to={`${profile.getHref()}#${TWO_FACTOR_SECTION_ID}`} replace />;
  }

  return children ?? <Outlet />;
}
