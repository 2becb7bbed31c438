import type { Role } from '@cursus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppLayout, type AppLayoutNavItem } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';

function useNavItems(role: Role): AppLayoutNavItem[] {
  const { t } = useTranslation('common');
  if (role === 'student')
    return [{ href: paths.student.dashboard.getHref(), label: t('nav.studentDashboard') }];
  if (role === 'trainer') {
    return [
      { href: paths.trainer.dashboard.getHref(), label: t('nav.trainerDashboard') },
      { href: paths.trainer.students.getHref(), label: t('nav.trainerStudents') },
    ];
  }
  return [
    { href: paths.admin.dashboard.getHref(), label: t('nav.adminDashboard') },
    { href: paths.assignOrganization.getHref(), label: t('nav.organization') },
  ];
}

/** The signed-in frame around every space's pages; the guard above it guarantees a user. */
export function SignedInLayout() {
  const auth = useAuth();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const navItems = useNavItems(auth.role ?? 'student');
  if (!auth.user) return null;

  const onSignOut = async () => {
    setIsSigningOut(true);
    try {
      // The guard takes the person to /auth once the session is gone.
      await auth.signOut();
    } catch (error) {
      notify.error(getErrorMessage(error));
      setIsSigningOut(false);
    }
  };

  return (
    <AppLayout user={auth.user} navItems={navItems} onSignOut={onSignOut} isSigningOut={isSigningOut}>
      <Outlet />
    </AppLayout>
  );
}
