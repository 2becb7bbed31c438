import { type ErrorCode, HOME_BY_ROLE, type Role } from '@cursus/contracts';

export type AuthMode = 'signin' | 'signup';

export interface AuthHrefOptions {
  mode?: AuthMode;
  /** Where to go after signing in; checked again by the sign-in page before use. */
  redirect?: string;
  confirmed?: boolean;
  confirmError?: ErrorCode;
  passwordUpdated?: boolean;
}

/** Sections of the sidebars (SPEC 2 layout and navigation); a page's entry names the one it lights up. */
export type SectionId =
  | 'dashboard'
  | 'analytics'
  | 'planning'
  | 'courses'
  | 'create'
  | 'quizzes'
  | 'positioning'
  | 'group-sessions'
  | 'evaluations'
  | 'marketplace'
  | 'students'
  | 'signatures'
  | 'certificates'
  | 'messages'
  | 'questions'
  | 'forum'
  | 'trainers'
  | 'connections'
  | 'compliance'
  | 'documents'
  | 'settings'
  | 'legal-info'
  | 'onboarding'
  | 'funding-webhooks'
  | 'exercises'
  | 'achievements'
  | 'badges'
  | 'coaching'
  | 'progression';

/**
 * A sidebar item's icon, by name: the components live with the sidebar (components/layouts/
 * navigation.ts), so the sign-in page, which reads this table, does not load them (issue 12).
 */
export type NavIconName =
  | 'award'
  | 'bar-chart'
  | 'book-open'
  | 'building'
  | 'calendar-days'
  | 'clipboard-check'
  | 'clipboard-list'
  | 'dumbbell'
  | 'file-text'
  | 'graduation-cap'
  | 'layout-dashboard'
  | 'list-checks'
  | 'medal'
  | 'message-square'
  | 'messages-square'
  | 'pen-line'
  | 'plus-circle'
  | 'rocket'
  | 'scale'
  | 'settings'
  | 'shield-check'
  | 'store'
  | 'target'
  | 'trending-up'
  | 'trophy'
  | 'user-cog'
  | 'users'
  | 'users-round'
  | 'video';

/** Which sidebar frames a page: the student one, or the organisation one shared by trainers and admins. */
export type LayoutSpace = 'student' | 'staff';

/** SPEC 2 sidebar groups of each frame, in menu order; labels are `navigation:sidebar.groups.<id>`. */
export const NAV_GROUPS = {
  student: [{ id: 'navigation', icon: 'layout-dashboard' }],
  staff: [
    { id: 'dashboard', icon: 'layout-dashboard' },
    { id: 'courses', icon: 'book-open' },
    { id: 'students', icon: 'graduation-cap' },
    { id: 'team', icon: 'users-round' },
    { id: 'compliance', icon: 'shield-check' },
    { id: 'administration', icon: 'building' },
  ],
} as const satisfies Record<LayoutSpace, readonly { id: string; icon: NavIconName }[]>;

export type NavGroupId = (typeof NAV_GROUPS)[LayoutSpace][number]['id'];

/** A page's sidebar item (SPEC 2); items appear in the order of this table. */
export interface NavEntry {
  group: NavGroupId;
  /** Its label, `navigation:sidebar.items.<label>`. */
  label: string;
  icon: NavIconName;
  /** Tagged 'Nouveau'. */
  isNew?: boolean;
  isAdminOnly?: boolean;
  /** Its address names the person's organisation: without one, there is no item. */
  needsOrganization?: boolean;
}

interface RouteMeta {
  /** The sidebar section lit up on this page. */
  section?: SectionId;
  nav?: NavEntry;
  /** SPEC 2 screen whose feature arrives later: its frame, title (`navigation:screens.<key>`) and a notice. */
  pendingScreen?: string;
  /** An admin page standing for this trainer page: in the admin context, the menu leads to the admin one. */
  mirrors?: string;
}

/** One row of the table, as the derived lists (navigation, sections, pending screens) read it. */
export interface RouteEntry extends RouteMeta {
  path: string;
  getHref: (...args: never[]) => string;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** An address without parameters: its href is its path. */
function fixedPath<const Path extends string>(path: Path): { path: Path; getHref: () => string };
function fixedPath<const Path extends string, const Meta extends RouteMeta>(
  path: Path,
  meta: Meta,
): { path: Path; getHref: () => string } & Meta;
function fixedPath(path: string, meta: RouteMeta = {}) {
  return { path, getHref: () => path, ...meta };
}

const student = {
  dashboard: fixedPath('/dashboard', {
    section: 'dashboard',
    nav: { group: 'navigation', label: 'studentDashboard', icon: 'layout-dashboard' },
  }),
  profile: fixedPath('/student/profile'),
  /** SPEC 2: where students land after sign-in; it redirects to the dashboard. */
  userInterface: fixedPath('/ui'),
  /** SPEC 2: former addresses of the student dashboard. */
  legacyDashboards: ['/ui', '/user-interface', '/student-dashboard', '/student/dashboard'],
  formations: {
    path: '/formations',
    getHref: (query: { search?: string; page?: number } = {}) =>
      withQuery('/formations', {
        search: query.search || undefined,
        page: query.page && query.page > 1 ? String(query.page) : undefined,
      }),
    section: 'courses',
    nav: { group: 'navigation', label: 'studentCourses', icon: 'book-open' },
  },
  formation: {
    path: '/formations/:id',
    getHref: (courseId: string) => `/formations/${encodeURIComponent(courseId)}`,
    section: 'courses',
  },
  /** SPEC 2 aliases of the formation page. */
  course: {
    path: '/course/:courseId',
    getHref: (courseId: string) => `/course/${encodeURIComponent(courseId)}`,
    section: 'courses',
  },
  studentFormation: {
    path: '/student/formations/:courseId',
    getHref: (courseId: string) => `/student/formations/${encodeURIComponent(courseId)}`,
    section: 'courses',
  },
  lesson: {
    path: '/formations/:formationId/module/:moduleId/lesson/:lessonId',
    getHref: (courseId: string, moduleId: string, lessonId: string) =>
      `/formations/${encodeURIComponent(courseId)}/module/${encodeURIComponent(moduleId)}/lesson/${encodeURIComponent(lessonId)}`,
    section: 'courses',
  },
  /** SPEC 2 short lesson address: the module is found from the formation's outline. */
  lessonAlias: {
    path: '/lesson/:courseId/:lessonId',
    getHref: (courseId: string, lessonId: string) =>
      `/lesson/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}`,
    section: 'courses',
  },
  exercises: fixedPath('/exercises', {
    section: 'exercises',
    nav: { group: 'navigation', label: 'exercises', icon: 'dumbbell' },
  }),
  questions: fixedPath('/questions', {
    section: 'questions',
    nav: { group: 'navigation', label: 'studentMessages', icon: 'message-square' },
  }),
  /**
   * One-to-one conversations with the organisation's trainers (issue 14 point 4). SPEC 2 names a
   * 'messages' student section without a path: product decision in docs/ARCHITECTURE.md (Messages).
   */
  messages: {
    path: '/messages',
    getHref: (conversationId?: string) => withQuery('/messages', { conversation: conversationId }),
    section: 'messages',
    nav: { group: 'navigation', label: 'studentConversations', icon: 'messages-square' },
  },
  coaching: fixedPath('/coaching', {
    section: 'coaching',
    nav: { group: 'navigation', label: 'coaching', icon: 'users-round' },
  }),
  progression: fixedPath('/progression', {
    section: 'progression',
    nav: { group: 'navigation', label: 'progression', icon: 'trending-up' },
  }),
  /** Badges, trophies and progress towards the next (SPEC 2 student screens: achievements). */
  achievements: fixedPath('/achievements', {
    section: 'achievements',
    nav: { group: 'navigation', label: 'achievements', icon: 'trophy' },
  }),
  quizzes: fixedPath('/quizz', {
    section: 'quizzes',
    nav: { group: 'navigation', label: 'quizzes', icon: 'list-checks' },
  }),
  /**
   * A student's questions hub, where the organisation's trainers answer; trainers and admins opening
   * it are sent to the organisation's forum.
   */
  questionsHub: {
    path: '/questions-hub/:organizationId',
    getHref: (organizationId: string) => `/questions-hub/${encodeURIComponent(organizationId)}`,
    section: 'trainers',
    nav: { group: 'navigation', label: 'studentTrainers', icon: 'users', needsOrganization: true },
  },
  documents: fixedPath('/student/documents', {
    section: 'signatures',
    nav: { group: 'navigation', label: 'studentSignatures', icon: 'clipboard-check' },
  }),
  groupSessions: fixedPath('/group-sessions', {
    section: 'group-sessions',
    nav: { group: 'navigation', label: 'groupSessions', icon: 'video' },
  }),
  liveGroupSession: {
    path: '/group-sessions/:sessionId/live',
    getHref: (sessionId: string) => `/group-sessions/${encodeURIComponent(sessionId)}/live`,
    section: 'group-sessions',
  },
  formationSignature: {
    path: '/student/formations/:courseId/signature',
    getHref: (courseId: string) => `/student/formations/${encodeURIComponent(courseId)}/signature`,
    section: 'signatures',
  },
} as const;

const trainer = {
  dashboard: fixedPath('/trainer/dashboard', {
    section: 'dashboard',
    nav: { group: 'dashboard', label: 'dashboard', icon: 'layout-dashboard' },
  }),
  analytics: fixedPath('/trainer/analytics', {
    section: 'analytics',
    nav: { group: 'dashboard', label: 'analytics', icon: 'bar-chart' },
  }),
  planning: fixedPath('/trainer/planning', {
    section: 'planning',
    nav: { group: 'dashboard', label: 'planning', icon: 'calendar-days' },
  }),
  profile: fixedPath('/trainer/profile'),
  courses: fixedPath('/trainer/courses', {
    section: 'courses',
    nav: { group: 'courses', label: 'courses', icon: 'book-open' },
  }),
  createFormation: fixedPath('/trainer/create-formation', {
    section: 'create',
    nav: { group: 'courses', label: 'create', icon: 'plus-circle' },
  }),
  /** SPEC 2: the same creation screen at a second, shorter address. */
  createFormationShort: fixedPath('/create-formation', { section: 'create' }),
  formation: {
    path: '/trainer/formation/:formationId',
    getHref: (courseId: string) => `/trainer/formation/${encodeURIComponent(courseId)}`,
    section: 'courses',
  },
  /** Practical work set on formations and the learners' work to review (issue 13). */
  exercises: fixedPath('/trainer/exercises', {
    section: 'exercises',
    nav: { group: 'courses', label: 'exercises', icon: 'dumbbell' },
  }),
  quizzes: fixedPath('/trainer/quizzes', {
    section: 'quizzes',
    nav: { group: 'courses', label: 'quizzes', icon: 'list-checks' },
  }),
  /** Positioning tests before a formation and quizzes' public links (issue 13 points 3 and 4). */
  positioning: {
    path: '/trainer/positioning',
    getHref: (query: { tab?: string; student?: string } = {}) => withQuery('/trainer/positioning', query),
    section: 'positioning',
    nav: { group: 'courses', label: 'positioning', icon: 'target' },
  },
  groupSessions: fixedPath('/trainer/group-sessions', {
    section: 'group-sessions',
    nav: { group: 'courses', label: 'groupSessions', icon: 'video', isNew: true },
  }),
  /** A session's attendance sheet ('émargement', issue 15 point 2), reached from the sessions list. */
  groupSessionAttendance: {
    path: '/trainer/group-sessions/:sessionId/attendance',
    getHref: (sessionId: string) => `/trainer/group-sessions/${encodeURIComponent(sessionId)}/attendance`,
    section: 'group-sessions',
  },
  customEvaluations: fixedPath('/trainer/custom-evaluations', {
    section: 'evaluations',
    nav: { group: 'courses', label: 'evaluations', icon: 'clipboard-list' },
  }),
  marketplace: fixedPath('/trainer/marketplace', {
    section: 'marketplace',
    nav: { group: 'courses', label: 'marketplace', icon: 'store' },
  }),
  students: fixedPath('/trainer/students', {
    section: 'students',
    nav: { group: 'students', label: 'students', icon: 'graduation-cap' },
  }),
  /** The organisation's badges: the system set switched on or off, and its own (SPEC 3). */
  badges: fixedPath('/trainer/badges', {
    section: 'badges',
    nav: { group: 'students', label: 'badges', icon: 'medal' },
  }),
  studentDetails: {
    path: '/trainer/students/:studentId',
    getHref: (studentId: string) => `/trainer/students/${encodeURIComponent(studentId)}`,
    section: 'students',
  },
  /** SPEC 2: a learner's page at a second, shorter address. */
  studentDetailsShort: {
    path: '/student/:studentId',
    getHref: (studentId: string) => `/student/${encodeURIComponent(studentId)}`,
    section: 'students',
  },
  signatures: fixedPath('/trainer/signatures', {
    section: 'signatures',
    nav: { group: 'students', label: 'signatures', icon: 'pen-line' },
  }),
  certificates: fixedPath('/trainer/certificates', {
    section: 'certificates',
    nav: { group: 'students', label: 'certificates', icon: 'award' },
  }),
  /** One-to-one conversations with the organisation's learners (issue 14 point 4). */
  messages: {
    path: '/trainer/messages',
    getHref: (conversationId?: string) => withQuery('/trainer/messages', { conversation: conversationId }),
    section: 'messages',
    nav: { group: 'students', label: 'messages', icon: 'message-square' },
  },
  /** The staff's space: learners' questions and the trainers' discussions (issue 14 point 3). */
  forum: fixedPath('/trainer/forum', {
    section: 'forum',
    nav: { group: 'students', label: 'forum', icon: 'messages-square' },
  }),
  organizationForum: {
    path: '/trainer/forum/:orgId',
    getHref: (orgId: string) => `/trainer/forum/${encodeURIComponent(orgId)}`,
    section: 'forum',
  },
  trainers: fixedPath('/trainer/trainers', {
    section: 'trainers',
    nav: { group: 'team', label: 'trainers', icon: 'users' },
  }),
  connectionLogs: {
    path: '/trainer/connection-logs',
    getHref: (query: { studentId?: string; courseId?: string; from?: string; to?: string } = {}) =>
      withQuery('/trainer/connection-logs', query),
    section: 'connections',
    nav: { group: 'team', label: 'connections', icon: 'user-cog' },
  },
  compliance: fixedPath('/trainer/compliance', {
    section: 'compliance',
    nav: { group: 'compliance', label: 'compliance', icon: 'shield-check' },
  }),
  documents: fixedPath('/trainer/documents', {
    section: 'documents',
    nav: { group: 'compliance', label: 'documents', icon: 'file-text' },
  }),
  settings: fixedPath('/trainer/settings', {
    section: 'settings',
    nav: { group: 'administration', label: 'settings', icon: 'settings' },
  }),
  legalInfo: fixedPath('/trainer/legal-info', {
    section: 'legal-info',
    nav: { group: 'administration', label: 'legalInfo', icon: 'scale' },
  }),
  help: fixedPath('/trainer/help'),
  /** SPEC 2 /trainer/{trainerId}: any other single segment under /trainer is a trainer's page. */
  trainerDetails: {
    path: '/trainer/:trainerId',
    getHref: (trainerId: string) => `/trainer/${encodeURIComponent(trainerId)}`,
    section: 'trainers',
  },
} as const;

const admin = {
  dashboard: fixedPath('/admin/dashboard', { section: 'dashboard', mirrors: trainer.dashboard.path }),
  monitoring: fixedPath('/admin/monitoring', { section: 'dashboard' }),
  systemMonitoring: fixedPath('/admin/system-monitoring', { section: 'dashboard' }),
  health: fixedPath('/admin/health', { section: 'dashboard' }),
  analytics: fixedPath('/admin/analytics', {
    section: 'analytics',
    mirrors: trainer.analytics.path,
  }),
  profile: fixedPath('/admin/profile'),
  courses: fixedPath('/admin/courses', { section: 'courses', mirrors: trainer.courses.path }),
  quizzes: fixedPath('/admin/quizzes', {
    section: 'quizzes',
    mirrors: trainer.quizzes.path,
  }),
  groupSessions: fixedPath('/admin/group-sessions', {
    section: 'group-sessions',
    mirrors: trainer.groupSessions.path,
  }),
  students: fixedPath('/admin/students', {
    section: 'students',
    mirrors: trainer.students.path,
  }),
  studentDetails: {
    path: '/admin/student/:studentId',
    getHref: (studentId: string) => `/admin/student/${encodeURIComponent(studentId)}`,
    section: 'students',
  },
  trainers: fixedPath('/admin/trainers', {
    section: 'trainers',
    mirrors: trainer.trainers.path,
  }),
  trainerDetails: {
    path: '/admin/trainer/:trainerId',
    getHref: (trainerId: string) => `/admin/trainer/${encodeURIComponent(trainerId)}`,
    section: 'trainers',
  },
  organizationOnboarding: fixedPath('/admin/organization-onboarding', {
    section: 'onboarding',
    nav: { group: 'administration', label: 'onboarding', icon: 'rocket', isAdminOnly: true },
  }),
  organization: {
    path: '/admin/organization/:organizationId',
    getHref: (organizationId: string) => `/admin/organization/${encodeURIComponent(organizationId)}`,
    section: 'onboarding',
  },
  // SPEC 2: onboarding is the one admin-only menu entry; the dashboard links to the admin's other screens.
  fundingWebhooks: fixedPath('/admin/funding-webhooks', { section: 'funding-webhooks' }),
  documentRequirements: fixedPath('/admin/document-requirements', {
    section: 'documents',
    mirrors: trainer.documents.path,
  }),
  improvements: fixedPath('/admin/improvements', { section: 'compliance' }),
  settings: fixedPath('/admin/settings', {
    section: 'settings',
    mirrors: trainer.settings.path,
  }),
} as const;

/**
 * Every front-end path in one place (STYLE 4): routes and links read from here, and so do the
 * sidebars, the active section and the admin equivalents (see ROUTES).
 */
export const paths = {
  home: fixedPath('/'),
  auth: {
    path: '/auth',
    getHref: (options: AuthHrefOptions = {}) =>
      withQuery('/auth', {
        mode: options.mode,
        redirect: options.redirect,
        confirmed: options.confirmed ? '1' : undefined,
        confirmError: options.confirmError,
        passwordUpdated: options.passwordUpdated ? '1' : undefined,
      }),
  },
  forgotPassword: fixedPath('/forgot-password'),
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => withQuery('/reset-password', { token }),
  },
  adminSignIn: fixedPath('/admin'),
  unauthorized: fixedPath('/unauthorized'),
  assignOrganization: fixedPath('/assign-organization', { section: 'onboarding' }),
  student,
  trainer,
  admin,
  profile: fixedPath('/profile'),
  testOrganism: fixedPath('/test-organism'),
  errorDemos: fixedPath('/error-demos'),
  /** SPEC 2 public quiz: anyone with the link, once its trainer switched it on (issue 13). */
  publicQuiz: {
    path: '/quiz/:quizId/public',
    getHref: (quizId: string) => `/quiz/${encodeURIComponent(quizId)}/public`,
  },
  /** SPEC 2 positioning by a single-use emailed token (issue 13). */
  positioning: {
    path: '/positioning/:token',
    getHref: (token: string) => `/positioning/${encodeURIComponent(token)}`,
  },
  /** An email's unsubscribe link (issue 14): asks before turning that kind of email off. */
  unsubscribe: {
    path: '/unsubscribe',
    getHref: (token: string) => withQuery('/unsubscribe', { token }),
  },
  /** An organisation's published results indicators (issue 16, Qualiopi indicator 2). */
  publicIndicators: {
    path: '/indicators/:organizationId',
    getHref: (organizationId: string) => `/indicators/${encodeURIComponent(organizationId)}`,
  },
  /** A questionnaire's single-use emailed link (issue 16 point 5). */
  evaluationAnswer: {
    path: '/evaluations/answer/:token',
    getHref: (token: string) => `/evaluations/answer/${encodeURIComponent(token)}`,
  },
  /** A certificate's public verification page, which its QR code opens (issue 15 point 4). */
  verifyCertificate: {
    path: '/certificates/verify/:code',
    getHref: (code: string) => `/certificates/verify/${encodeURIComponent(code)}`,
  },
  /** A learner signs a half-day's attendance: an emailed single-use link or a room's QR code (issue 15). */
  sessionSignature: {
    path: '/sign/:token',
    getHref: (token: string) => `/sign/${encodeURIComponent(token)}`,
  },
} as const;

function isRouteEntry(value: unknown): value is RouteEntry {
  return typeof value === 'object' && value !== null && 'path' in value && 'getHref' in value;
}

/** The entries of one level of the table, the nested spaces left out. */
function listEntries(space: object): RouteEntry[] {
  return Object.values(space).filter(isRouteEntry);
}

/** The whole table as one list, in its order (which is the sidebars' order). */
export const ROUTES: readonly RouteEntry[] = [
  ...listEntries(paths),
  ...listEntries(paths.student),
  ...listEntries(paths.trainer),
  ...listEntries(paths.admin),
];

/** The values one meta field takes anywhere in the table, as a type. */
type MetaValue<Tree, Field extends string> = Tree extends { [Key in Field]: infer Value }
  ? Value
  : Tree extends string | boolean | ((...args: never[]) => unknown) | readonly unknown[]
    ? never
    : { [Key in keyof Tree]: MetaValue<Tree[Key], Field> }[keyof Tree];

/** The sidebar labels the table names: `navigation:sidebar.items.<NavLabel>`. */
export type NavLabel = MetaValue<typeof paths, 'nav'>['label'];

/** SPEC 2 public pages, each served by its own lazy module under app/routes/public. */
export const PUBLIC_PAGES = {
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/legal': 'legal',
  '/cookies': 'cookies',
  '/why-oss-lms': 'whyOssLms',
  '/install': 'install',
  '/knowledge-base': 'knowledgeBase',
} as const;

/** SPEC 2 redirects between fixed addresses: [from, to]; a former address lights up its target's section. */
export const ROUTE_ALIASES = {
  trainer: [
    ['/trainer/qualiopi', paths.trainer.compliance.path],
    ['/trainer/communication', paths.trainer.messages.path],
    ['/trainer/store', paths.trainer.marketplace.path],
    ['/questions-hub', paths.trainer.forum.path],
  ],
} as const;

export type PendingScreenKey =
  | MetaValue<typeof paths, 'pendingScreen'>
  | (typeof PUBLIC_PAGES)[keyof typeof PUBLIC_PAGES];

/** The pending screens of one level of the table, by path. */
function listPendingScreens(space: object): Record<string, PendingScreenKey> {
  return Object.fromEntries(
    listEntries(space).flatMap((entry) =>
      entry.pendingScreen ? [[entry.path, entry.pendingScreen as PendingScreenKey]] : [],
    ),
  );
}

/**
 * SPEC 2 screens whose feature arrives with a later issue, by space: each shows its frame, its
 * title (`navigation:screens.<key>`) and says it is not available yet. The top level of the table
 * holds the public ones.
 */
export const PENDING_SCREENS = {
  public: listPendingScreens(paths),
  student: listPendingScreens(paths.student),
  trainer: listPendingScreens(paths.trainer),
  admin: listPendingScreens(paths.admin),
  signedIn: {},
} satisfies Record<string, Record<string, PendingScreenKey>>;

/** Whether a page is of the admin space (`/admin` and below), whose figures are the platform's. */
export function isAdminSpacePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** SPEC 2 smart redirect at '/': each role's home. */
export function getHomeHref(role: Role): string {
  return HOME_BY_ROLE[role];
}

/** SPEC 4 sign-in redirect: students go through /ui (which leads to /dashboard), others to their dashboard. */
export function getSignInDestination(role: Role): string {
  return role === 'student' ? paths.student.userInterface.getHref() : HOME_BY_ROLE[role];
}

/**
 * The profile's two-factor section (issue 19): staff who must enrol are sent there, and the
 * organisation settings link to it.
 */
export const TWO_FACTOR_SECTION_ID = 'two-factor';

/** Router state carried to /unauthorized (SPEC 4: the guard passes the origin path). */
export interface UnauthorizedState {
  from?: string;
  /** Set when the refusal came from the server with a code worth showing, such as NOT_ADMIN. */
  reason?: ErrorCode;
}
