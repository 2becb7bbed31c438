import { describe, expect, it } from 'vitest';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import AnalyticsRoute from './analytics';

/** Shows who is signed in once the session is read, so the page is known to have rendered for them. */
function SignedInAs() {
  const { user } = useAuth();
  return user ? <output>{`signed in as ${user.role}`}</output> : null;
}

describe('analytics route', () => {
  it.each([
    ['trainer', '/trainer/analytics', true],
    ['admin', '/admin/analytics', false],
  ] as const)(
    'as a %s of an organisation at %s, shows its public indicators: %s',
    async (role, path, shown) => {
      mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role }) } } });
      const view = renderWithProviders(
        <>
          <AnalyticsRoute />
          <SignedInAs />
        </>,
        path,
      );
      await view.findByText(`signed in as ${role}`);
      // The admin space's figures are the platform's; the organisation publishes from its own space.
      expect(view.queryByRole('heading', { name: 'Indicateurs de résultats publics' }) !== null).toBe(shown);
    },
  );
});
