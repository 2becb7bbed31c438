import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { UnauthorizedState } from '@/config/paths';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { RequireRole } from './require-role';

function WhereAmI() {
  const location = useLocation();
  const state = location.state as UnauthorizedState | null;
  return (
    <p>
      at {location.pathname}
      {location.search} from {state?.from ?? 'nowhere'}
    </p>
  );
}

const routes = [
  { path: '/auth', element: <WhereAmI /> },
  { path: '/unauthorized', element: <WhereAmI /> },
  { path: '/assign-organization', element: <WhereAmI /> },
  {
    element: <RequireRole allow={['trainer', 'admin']} requireOrganization />,
    children: [
      { path: '/trainer/students', element: <p>Trainer students page</p> },
      { path: '/trainer/profile', element: <WhereAmI /> },
    ],
  },
  {
    element: <RequireRole allow={['student']} />,
    children: [{ path: '/dashboard', element: <p>Student dashboard</p> }],
  },
];

describe('RequireRole', () => {
  it('shows a spinner while the session is being checked', async () => {
    // A session answer that never comes.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderRoutes(routes, '/trainer/students');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Chargement...')).toBeTruthy();
  });

  it('sends a visitor to sign in, remembering the page and its query', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    const { router } = renderRoutes(routes, '/trainer/students?tab=all');
    expect(await screen.findByText(/^at \/auth/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('mode')).toBe('signin');
    expect(query.get('redirect')).toBe('/trainer/students?tab=all');
  });

  it('sends a student away from a trainer page to /unauthorized with the origin path', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role: 'student' }) } } });
    renderRoutes(routes, '/trainer/students');
    expect(await screen.findByText('at /unauthorized from /trainer/students')).toBeTruthy();
    expect(screen.queryByText('Trainer students page')).toBeNull();
  });

  it('sends staff who must set up two-factor authentication to the enrolment section of their profile', async () => {
    mockApi({
      'GET /api/auth/session': {
        body: { user: buildUser({ role: 'trainer', twoFactorEnrolmentRequired: true }) },
      },
    });
    const { router } = renderRoutes(routes, '/trainer/students');
    expect(await screen.findByText(/^at \/trainer\/profile/)).toBeTruthy();
    expect(router.state.location.hash).toBe('#two-factor');
    expect(screen.queryByText('Trainer students page')).toBeNull();
  });

  it('lets an admin through every guard', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'admin', organizationId: null }) } },
    });
    renderRoutes(routes, '/trainer/students');
    expect(await screen.findByText('Trainer students page')).toBeTruthy();
  });

  it('lets an admin use a student-only page', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role: 'admin' }) } } });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Student dashboard')).toBeTruthy();
  });

  it('lets a trainer with an organisation in', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } } });
    renderRoutes(routes, '/trainer/students');
    expect(await screen.findByText('Trainer students page')).toBeTruthy();
  });

  it('sends a trainer without an organisation to create one first', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer', organizationId: null }) } },
    });
    renderRoutes(routes, '/trainer/students');
    expect(await screen.findByText(/^at \/assign-organization/)).toBeTruthy();
  });
});
