import { PROFILE_PATH_BY_ROLE } from '@cursus/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { getActiveSection } from '@/components/layouts/active-section';
import { AppLayout, type AppLayoutNavGroup } from '@/components/layouts/app-layout';
import { getNavigation, type NavigationOptions } from '@/components/layouts/navigation';
import { isAdminSpacePath, type LayoutSpace, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { StudentHelpDialog } from '@/features/help/components/student-help-dialog';
import { SupportDialog } from '@/features/help/components/support-dialog';
import { useUnreadMessagesCount } from '@/features/messages/api/get-unread-count';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { OrganizationBrand } from '@/features/organization-settings/components/organization-brand';
import { getQuestionContext } from '@/features/questions/lib/question-context';
import { TimeTrackerCard } from '@/features/time-tracking/components/time-tracker-card';
import {
  type TimeTrackerHandle,
  TimeTrackerProvider,
} from '@/features/time-tracking/components/time-tracker-provider';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { LazyAskQuestionDialog } from './lazy-ask-question-dialog';
import { LazyAssistant } from './lazy-assistant';
import { LazyOfflineCompletionSync } from './lazy-offline-completion-sync';
import { LazySystemAlertToasts } from './lazy-system-alert-toasts';

type Translate = ReturnType<typeof useTranslation<'navigation'>>['t'];

/** SPEC 2: a frame's sidebar, its labels translated. */
/** Unread messages, shown on the messages item: nothing else tells a learner a trainer wrote. */
function getNavGroups(
  t: Translate,
  space: LayoutSpace,
  options: NavigationOptions,
  unreadMessages: number,
): AppLayoutNavGroup[] {
  return getNavigation(space, options).map((group) => ({
    id: group.id,
    label: t(`sidebar.groups.${group.id}`),
    icon: group.icon,
    items: group.items.map((item) => ({
      id: item.id,
      href: item.href,
      label: t(`sidebar.items.${item.label}`),
      icon: item.icon,
      badge:
        item.id === 'messages' && unreadMessages > 0
          ? t('sidebar.unreadBadge', { count: unreadMessages })
          : item.isNew
            ? t('sidebar.newBadge')
            : undefined,
    })),
  }));
}

type HelpDialog = 'student' | 'support' | 'question';

export interface SignedInLayoutProps {
  /** Forces a frame; by default the person's role chooses (students the student one). */
  space?: LayoutSpace;
}

/** The signed-in frame around every space's pages; the guard above it guarantees a user. */
export function SignedInLayout({ space }: SignedInLayoutProps) {
  const { t } = useTranslation('navigation');
  const auth = useAuth();
  const location = useLocation();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const [openHelpDialog, setOpenHelpDialog] = useState<HelpDialog | null>(null);
  // Stable, so the dialog's focus effect does not re-run on every render.
  const closeHelpDialog = useCallback(() => setOpenHelpDialog(null), []);
  const timeTrackerRef = useRef<TimeTrackerHandle>(null);
  const { signOut } = auth;
  const user = auth.user;
  // Conversations exist within an organisation only.
  const unreadMessages = useUnreadMessagesCount({ enabled: Boolean(user?.organizationId) });
  if (!user) return null;

  const role = user.role;
  const resolvedSpace: LayoutSpace = space ?? (role === 'student' ? 'student' : 'staff');
  const isAdminContext = isAdminSpacePath(location.pathname);
  const contextLabel =
    resolvedSpace === 'student'
      ? t('sidebar.contextStudent')
      : isAdminContext
        ? t('sidebar.contextAdmin')
        : t('sidebar.contextOrganization');
  const groups = getNavGroups(
    t,
    resolvedSpace,
    {
      isAdmin: role === 'admin',
      isAdminContext,
      organizationId: user.organizationId,
    },
    unreadMessages.data ?? 0,
  );
  // SPEC 2 help: students get their help dialog, staff with an organisation the help centre page,
  // anyone else (no organisation yet, so no help centre) the support dialog.
  const helpDialog: HelpDialog | null =
    resolvedSpace === 'student' ? 'student' : user.organizationId ? null : 'support';
  const helpHref = paths.trainer.help.getHref();

  const onSignOut = async () => {
    setIsSigningOut(true);
    try {
      // SPEC 4: signing out stops the tracker, which ends the session with its duration.
      await timeTrackerRef.current?.stop();
      // The guard takes the person to /auth once the session is gone.
      await auth.signOut();
    } catch (error) {
      notify.error(getErrorMessage(error));
      setIsSigningOut(false);
    }
  };

  // SPEC 4: learning time is tracked for students only.
  const isTracked = role === 'student';
  const layout = (
    <AppLayout
      user={user}
      contextLabel={contextLabel}
      // Issue 16 point 9: the organisation's logo, name and colour, for its members (not in the admin space).
      organizationBrand={user.organizationId && !isAdminContext ? <OrganizationBrand /> : undefined}
      groups={groups}
      activeSection={getActiveSection(location.pathname)}
      helpHref={helpHref}
      onHelp={helpDialog ? () => setOpenHelpDialog(helpDialog) : undefined}
      // SPEC 2: a learner's 'J'ai une question ?' asks their trainers; staff keep the help's contact.
      onAskQuestion={resolvedSpace === 'student' ? () => setOpenHelpDialog('question') : undefined}
      // SPEC 6 showed the bell to trainers and admins only; learners' badges, exercise reviews,
      // replies and messages are announced there too, so learners have it (docs/ARCHITECTURE.md).
      notifications={<NotificationsBell />}
      timeTracker={isTracked ? <TimeTrackerCard /> : undefined}
      profileHref={PROFILE_PATH_BY_ROLE[role]}
      onSignOut={onSignOut}
      isSigningOut={isSigningOut}
    >
      <Outlet />
      {/* SPEC 9: an admin hears of each new system alert, whichever page is open. */}
      {role === 'admin' && <LazySystemAlertToasts />}
      {/* SPEC 2: the AI assistant of the page's space, learners' or organisation's (issue 18). */}
      <LazyAssistant role={role} />
      {openHelpDialog === 'student' && <StudentHelpDialog onClose={closeHelpDialog} />}
      {openHelpDialog === 'support' && <SupportDialog onClose={closeHelpDialog} />}
      {openHelpDialog === 'question' && (
        <LazyAskQuestionDialog
          hasOrganization={user.organizationId !== null}
          context={getQuestionContext(location.pathname)}
          onClose={closeHelpDialog}
        />
      )}
    </AppLayout>
  );
  return isTracked ? (
    <TimeTrackerProvider
      ref={timeTrackerRef}
      userId={user.id}
      onSignOut={signOut}
      onSessionLost={() => void auth.refreshSession()}
    >
      {layout}
      <LazyOfflineCompletionSync userId={user.id} />
    </TimeTrackerProvider>
  ) : (
    layout
  );
}
