import { PROFILE_PATH_BY_ROLE, type Role } from '@cursus/contracts';
import {
  Award,
  BarChart3,
  BookOpen,
  Building2,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  Dumbbell,
  FileText,
  GraduationCap,
  LayoutDashboard,
  ListChecks,
  MessageSquare,
  MessagesSquare,
  PenLine,
  PlusCircle,
  Rocket,
  Scale,
  Settings,
  ShieldCheck,
  Store,
  TrendingUp,
  UserCog,
  Users,
  UsersRound,
  Video,
} from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { getActiveSection } from '@/components/layouts/active-section';
import { AppLayout, type AppLayoutNavGroup } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { StudentHelpDialog } from '@/features/help/components/student-help-dialog';
import { SupportDialog } from '@/features/help/components/support-dialog';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { TimeTrackerCard } from '@/features/time-tracking/components/time-tracker-card';
import {
  type TimeTrackerHandle,
  TimeTrackerProvider,
} from '@/features/time-tracking/components/time-tracker-provider';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';

/** Which sidebar frames a page: the student one, or the organisation one shared by trainers and admins. */
export type LayoutSpace = 'student' | 'staff';

type Translate = ReturnType<typeof useTranslation<'navigation'>>['t'];

/** SPEC 2 admin screens that mirror a trainer one: in the admin context the menu leads there instead. */
const ADMIN_EQUIVALENTS: Record<string, string> = {
  '/trainer/dashboard': '/admin/dashboard',
  '/trainer/analytics': '/admin/analytics',
  [paths.trainer.courses.path]: paths.admin.courses.path,
  '/trainer/quizzes': '/admin/quizzes',
  '/trainer/group-sessions': '/admin/group-sessions',
  '/trainer/students': '/admin/students',
  '/trainer/trainers': '/admin/trainers',
  '/trainer/settings': '/admin/settings',
};

function withAdminEquivalents(groups: AppLayoutNavGroup[]): AppLayoutNavGroup[] {
  return groups.map((group) => ({
    ...group,
    items: group.items.map((item) => ({ ...item, href: ADMIN_EQUIVALENTS[item.href] ?? item.href })),
  }));
}

/** SPEC 2: the trainer/admin groups; organisation onboarding is the admin-only entry. */
function getStaffGroups(t: Translate, role: Role): AppLayoutNavGroup[] {
  const administration: AppLayoutNavGroup['items'] = [
    { id: 'settings', href: '/trainer/settings', label: t('sidebar.items.settings'), icon: Settings },
    { id: 'legal-info', href: '/trainer/legal-info', label: t('sidebar.items.legalInfo'), icon: Scale },
  ];
  if (role === 'admin') {
    administration.push({
      id: 'onboarding',
      href: paths.admin.organizationOnboarding.getHref(),
      label: t('sidebar.items.onboarding'),
      icon: Rocket,
    });
  }
  return [
    {
      id: 'dashboard',
      label: t('sidebar.groups.dashboard'),
      icon: LayoutDashboard,
      items: [
        {
          id: 'dashboard',
          href: paths.trainer.dashboard.getHref(),
          label: t('sidebar.items.dashboard'),
          icon: LayoutDashboard,
        },
        { id: 'analytics', href: '/trainer/analytics', label: t('sidebar.items.analytics'), icon: BarChart3 },
        { id: 'planning', href: '/trainer/planning', label: t('sidebar.items.planning'), icon: CalendarDays },
      ],
    },
    {
      id: 'courses',
      label: t('sidebar.groups.courses'),
      icon: BookOpen,
      items: [
        {
          id: 'courses',
          href: paths.trainer.courses.getHref(),
          label: t('sidebar.items.courses'),
          icon: BookOpen,
        },
        {
          id: 'create',
          href: paths.trainer.createFormation.getHref(),
          label: t('sidebar.items.create'),
          icon: PlusCircle,
        },
        { id: 'quizzes', href: '/trainer/quizzes', label: t('sidebar.items.quizzes'), icon: ListChecks },
        {
          id: 'group-sessions',
          href: '/trainer/group-sessions',
          label: t('sidebar.items.groupSessions'),
          icon: Video,
          badge: t('sidebar.newBadge'),
        },
        {
          id: 'evaluations',
          href: '/trainer/custom-evaluations',
          label: t('sidebar.items.evaluations'),
          icon: ClipboardList,
        },
        {
          id: 'marketplace',
          href: '/trainer/marketplace',
          label: t('sidebar.items.marketplace'),
          icon: Store,
        },
      ],
    },
    {
      id: 'students',
      label: t('sidebar.groups.students'),
      icon: GraduationCap,
      items: [
        {
          id: 'students',
          href: paths.trainer.students.getHref(),
          label: t('sidebar.items.students'),
          icon: GraduationCap,
        },
        {
          id: 'signatures',
          href: '/trainer/signatures',
          label: t('sidebar.items.signatures'),
          icon: PenLine,
        },
        {
          id: 'certificates',
          href: '/trainer/certificates',
          label: t('sidebar.items.certificates'),
          icon: Award,
        },
        {
          id: 'messages',
          href: '/trainer/messages',
          label: t('sidebar.items.messages'),
          icon: MessageSquare,
        },
        {
          id: 'forum',
          href: paths.trainer.forum.getHref(),
          label: t('sidebar.items.forum'),
          icon: MessagesSquare,
        },
      ],
    },
    {
      id: 'team',
      label: t('sidebar.groups.team'),
      icon: UsersRound,
      items: [
        { id: 'trainers', href: '/trainer/trainers', label: t('sidebar.items.trainers'), icon: Users },
        {
          id: 'connections',
          href: '/trainer/connection-logs',
          label: t('sidebar.items.connections'),
          icon: UserCog,
        },
      ],
    },
    {
      id: 'compliance',
      label: t('sidebar.groups.compliance'),
      icon: ShieldCheck,
      items: [
        {
          id: 'compliance',
          href: '/trainer/compliance',
          label: t('sidebar.items.compliance'),
          icon: ShieldCheck,
        },
        { id: 'documents', href: '/trainer/documents', label: t('sidebar.items.documents'), icon: FileText },
      ],
    },
    {
      id: 'administration',
      label: t('sidebar.groups.administration'),
      icon: Building2,
      items: administration,
    },
  ];
}

/** SPEC 2: students get a single group, Navigation. */
function getStudentGroups(t: Translate, organizationId: string | null): AppLayoutNavGroup[] {
  const items: AppLayoutNavGroup['items'] = [
    {
      id: 'dashboard',
      href: paths.student.dashboard.getHref(),
      label: t('sidebar.items.studentDashboard'),
      icon: LayoutDashboard,
    },
    { id: 'courses', href: '/formations', label: t('sidebar.items.studentCourses'), icon: BookOpen },
    { id: 'exercises', href: '/exercises', label: t('sidebar.items.exercises'), icon: Dumbbell },
    { id: 'messages', href: '/questions', label: t('sidebar.items.studentMessages'), icon: MessageSquare },
    { id: 'coaching', href: '/coaching', label: t('sidebar.items.coaching'), icon: UsersRound },
    { id: 'progression', href: '/progression', label: t('sidebar.items.progression'), icon: TrendingUp },
    { id: 'quizzes', href: '/quizz', label: t('sidebar.items.quizzes'), icon: ListChecks },
  ];
  // The questions hub of one's organisation is where its trainers answer; without one there is none.
  if (organizationId) {
    items.push({
      id: 'trainers',
      href: paths.questionsHub.getHref(organizationId),
      label: t('sidebar.items.studentTrainers'),
      icon: Users,
    });
  }
  items.push(
    {
      id: 'signatures',
      href: '/student/documents',
      label: t('sidebar.items.studentSignatures'),
      icon: ClipboardCheck,
    },
    { id: 'group-sessions', href: '/group-sessions', label: t('sidebar.items.groupSessions'), icon: Video },
  );
  return [{ id: 'navigation', label: t('sidebar.groups.navigation'), icon: LayoutDashboard, items }];
}

type HelpDialog = 'student' | 'support';

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
  if (!user) return null;

  const role = user.role;
  const resolvedSpace: LayoutSpace = space ?? (role === 'student' ? 'student' : 'staff');
  const isAdminContext = location.pathname === '/admin' || location.pathname.startsWith('/admin/');
  const contextLabel =
    resolvedSpace === 'student'
      ? t('sidebar.contextStudent')
      : isAdminContext
        ? t('sidebar.contextAdmin')
        : t('sidebar.contextOrganization');
  const staffGroups = () =>
    isAdminContext && role === 'admin'
      ? withAdminEquivalents(getStaffGroups(t, role))
      : getStaffGroups(t, role);
  const groups = resolvedSpace === 'student' ? getStudentGroups(t, user.organizationId) : staffGroups();
  // SPEC 2 help: students get their help dialog, staff with an organisation the help centre page,
  // anyone else (no organisation yet, so no help centre) the support dialog.
  const helpDialog: HelpDialog | null =
    resolvedSpace === 'student' ? 'student' : user.organizationId ? null : 'support';
  const helpHref = '/trainer/help';

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
      groups={groups}
      activeSection={getActiveSection(location.pathname)}
      helpHref={helpHref}
      onHelp={helpDialog ? () => setOpenHelpDialog(helpDialog) : undefined}
      // SPEC 6: only trainers and admins see the notifications bell.
      notifications={role === 'student' ? undefined : <NotificationsBell />}
      timeTracker={isTracked ? <TimeTrackerCard /> : undefined}
      profileHref={PROFILE_PATH_BY_ROLE[role]}
      onSignOut={onSignOut}
      isSigningOut={isSigningOut}
    >
      <Outlet />
      {openHelpDialog === 'student' && <StudentHelpDialog onClose={closeHelpDialog} />}
      {openHelpDialog === 'support' && <SupportDialog onClose={closeHelpDialog} />}
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
    </TimeTrackerProvider>
  ) : (
    layout
  );
}
