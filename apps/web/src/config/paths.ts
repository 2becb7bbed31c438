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
    /** SPEC 2: where students land after sign-in; it redirects to the dashboard. */
    userInterface: { path: '/ui', getHref: () => '/ui' },
    /** SPEC 2: former addresses of the student dashboard. */
    legacyDashboards: ['/ui', '/user-interface', '/student-dashboard', '/student/dashboard'],
  },
  trainer: {
    dashboard: { path: '/trainer/dashboard', getHref: () => '/trainer/dashboard' },
    students: { path: '/trainer/students', getHref: () => '/trainer/students' },
  },
  admin: {
    dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
  },
} as const;

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
