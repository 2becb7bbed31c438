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

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** Every front-end path in one place (STYLE 4); routes and links read from here. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
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
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => withQuery('/reset-password', { token }),
  },
  adminSignIn: { path: '/admin', getHref: () => '/admin' },
  unauthorized: { path: '/unauthorized', getHref: () => '/unauthorized' },
  assignOrganization: { path: '/assign-organization', getHref: () => '/assign-organization' },
  student: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    profile: { path: '/student/profile', getHref: () => '/student/profile' },
    /** SPEC 2: where students land after sign-in; it redirects to the dashboard. */
    userInterface: { path: '/ui', getHref: () => '/ui' },
    /** SPEC 2: former addresses of the student dashboard. */
    legacyDashboards: ['/ui', '/user-interface', '/student-dashboard', '/student/dashboard'],
    formations: {
      path: '/formations',
      getHref: (query: { search?: string; page?: number } = {}) =>
        withQuery('/formations', {
          search: query.search || undefined,
          page: query.page && query.page > 1 ? String(query.page) : undefined,
        }),
    },
    formation: {
      path: '/formations/:id',
      getHref: (courseId: string) => `/formations/${encodeURIComponent(courseId)}`,
    },
    /** SPEC 2 aliases of the formation page. */
    course: {
      path: '/course/:courseId',
      getHref: (courseId: string) => `/course/${encodeURIComponent(courseId)}`,
    },
    studentFormation: {
      path: '/student/formations/:courseId',
      getHref: (courseId: string) => `/student/formations/${encodeURIComponent(courseId)}`,
    },
    lesson: {
      path: '/formations/:formationId/module/:moduleId/lesson/:lessonId',
      getHref: (courseId: string, moduleId: string, lessonId: string) =>
        `/formations/${encodeURIComponent(courseId)}/module/${encodeURIComponent(moduleId)}/lesson/${encodeURIComponent(lessonId)}`,
    },
    /** SPEC 2 short lesson address: the module is found from the formation's outline. */
    lessonAlias: {
      path: '/lesson/:courseId/:lessonId',
      getHref: (courseId: string, lessonId: string) =>
        `/lesson/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}`,
    },
    progression: { path: '/progression', getHref: () => '/progression' },
  },
  trainer: {
    dashboard: { path: '/trainer/dashboard', getHref: () => '/trainer/dashboard' },
    profile: { path: '/trainer/profile', getHref: () => '/trainer/profile' },
    students: { path: '/trainer/students', getHref: () => '/trainer/students' },
    courses: { path: '/trainer/courses', getHref: () => '/trainer/courses' },
    createFormation: { path: '/trainer/create-formation', getHref: () => '/trainer/create-formation' },
    /** SPEC 2: the same creation screen at a second, shorter address. */
    createFormationShort: { path: '/create-formation', getHref: () => '/create-formation' },
    formation: {
      path: '/trainer/formation/:formationId',
      getHref: (formationId: string) => `/trainer/formation/${encodeURIComponent(formationId)}`,
    },
    forum: { path: '/trainer/forum', getHref: () => '/trainer/forum' },
    settings: { path: '/trainer/settings', getHref: () => '/trainer/settings' },
    connectionLogs: {
      path: '/trainer/connection-logs',
      getHref: (query: { studentId?: string; courseId?: string; from?: string; to?: string } = {}) =>
        withQuery('/trainer/connection-logs', query),
    },
    organizationForum: {
      path: '/trainer/forum/:orgId',
      getHref: (orgId: string) => `/trainer/forum/${encodeURIComponent(orgId)}`,
    },
  },
  admin: {
    dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
    profile: { path: '/admin/profile', getHref: () => '/admin/profile' },
    courses: { path: '/admin/courses', getHref: () => '/admin/courses' },
    organizationOnboarding: {
      path: '/admin/organization-onboarding',
      getHref: () => '/admin/organization-onboarding',
    },
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  testOrganism: { path: '/test-organism', getHref: () => '/test-organism' },
  errorDemos: { path: '/error-demos', getHref: () => '/error-demos' },
  questionsHub: {
    path: '/questions-hub/:organizationId',
    getHref: (organizationId: string) => `/questions-hub/${encodeURIComponent(organizationId)}`,
  },
} as const;

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

/** SPEC 2 redirects between fixed addresses: [from, to]. */
export const ROUTE_ALIASES = {
  trainer: [
    ['/trainer/qualiopi', '/trainer/compliance'],
    ['/trainer/communication', '/trainer/messages'],
    ['/trainer/store', '/trainer/marketplace'],
    ['/questions-hub', '/trainer/forum'],
  ],
} as const;

/**
 * SPEC 2 screens whose feature arrives with a later issue: each shows its frame, its title
 * (`navigation:screens.<key>`) and says it is not available yet.
 */
export const PENDING_SCREENS = {
  public: {
    '/quiz/:quizId/public': 'publicQuiz',
    '/positioning/:token': 'positioning',
    '/sign/:token': 'sessionSignature',
  },
  student: {
    '/questions': 'questions',
    '/quizz': 'quizzes',
    '/exercises': 'exercises',
    '/coaching': 'coaching',
    '/group-sessions': 'groupSessions',
    '/group-sessions/:sessionId/live': 'liveGroupSession',
    '/student/documents': 'studentDocuments',
    '/student/formations/:courseId/signature': 'formationSignature',
    '/questions-hub/:organizationId': 'questionsHub',
  },
  trainer: {
    '/trainer/compliance': 'compliance',
    '/trainer/students/:studentId': 'studentDetails',
    '/student/:studentId': 'studentDetails',
    '/trainer/trainers': 'trainers',
    '/trainer/:trainerId': 'trainerDetails',
    '/trainer/quizzes': 'quizzes',
    '/trainer/group-sessions': 'groupSessions',
    '/trainer/signatures': 'signatures',
    '/trainer/certificates': 'certificates',
    '/trainer/legal-info': 'legalInfo',
    '/trainer/documents': 'documents',
    '/trainer/custom-evaluations': 'customEvaluations',
    '/trainer/analytics': 'analytics',
    '/trainer/planning': 'planning',
    '/trainer/marketplace': 'marketplace',
    '/trainer/messages': 'messages',
    '/trainer/forum': 'forum',
    '/trainer/forum/:orgId': 'organizationForum',
    '/trainer/help': 'help',
  },
  admin: {
    '/admin/monitoring': 'monitoring',
    '/admin/system-monitoring': 'systemMonitoring',
    '/admin/health': 'health',
    '/admin/organization-onboarding': 'organizationOnboarding',
    '/admin/group-sessions': 'groupSessions',
    '/admin/quizzes': 'quizzes',
    '/admin/organization/:organizationId': 'organization',
    '/admin/trainer/:trainerId': 'trainerDetails',
    '/admin/student/:studentId': 'studentDetails',
    '/admin/document-requirements': 'documentRequirements',
    '/admin/improvements': 'improvements',
    '/admin/students': 'students',
    '/admin/trainers': 'trainers',
    '/admin/analytics': 'analytics',
    '/admin/settings': 'settings',
  },
  signedIn: {},
} as const;

export type PendingScreenKey =
  | {
      [Space in keyof typeof PENDING_SCREENS]: (typeof PENDING_SCREENS)[Space][keyof (typeof PENDING_SCREENS)[Space]];
    }[keyof typeof PENDING_SCREENS]
  | (typeof PUBLIC_PAGES)[keyof typeof PUBLIC_PAGES];

/** SPEC 2 smart redirect at '/': each role's home. */
export function getHomeHref(role: Role): string {
  return HOME_BY_ROLE[role];
}

/** SPEC 4 sign-in redirect: students go through /ui (which leads to /dashboard), others to their dashboard. */
export function getSignInDestination(role: Role): string {
  return role === 'student' ? paths.student.userInterface.getHref() : HOME_BY_ROLE[role];
}

/** Router state carried to /unauthorized (SPEC 4: the guard passes the origin path). */
export interface UnauthorizedState {
  from?: string;
  /** Set when the refusal came from the server with a code worth showing, such as NOT_ADMIN. */
  reason?: ErrorCode;
}
