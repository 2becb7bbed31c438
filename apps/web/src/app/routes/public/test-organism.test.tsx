import type { Role } from '@cursus/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

function renderAs(role: Role | null, organizations: { id: string; name: string }[] = []) {
  const user = role ? buildUser({ role }) : null;
  const api = mockApi({
    'GET /api/auth/session': { body: { user } },
    'GET /api/organizations': { body: { items: organizations } },
  });
  return { ...renderRoutes(createAppRoutes(), '/test-organism', APP_ROUTER_OPTIONS), ...api };
}

describe('/test-organism', () => {
  it('invites a visitor to sign in and come back', async () => {
    renderAs(null);
    const link = await screen.findByRole('link', { name: 'Se connecter' });
    expect(link.getAttribute('href')).toBe('/auth?redirect=%2Ftest-organism');
  });

  it("shows a student's organisation, role and landing page without listing organisations", async () => {
    const { calls } = renderAs('student');
    expect(await screen.findByText('Formations Lumière')).toBeTruthy();
    expect(screen.getByText('3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11')).toBeTruthy();
    expect(screen.getByText('Apprenant')).toBeTruthy();
    expect(screen.getByText('/dashboard')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/organizations')).toBe(false);
  });

  it('lists the organisations a trainer can reach, or says there are none', async () => {
    renderAs('trainer', [{ id: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11', name: 'Formations Lumière' }]);
    expect(await screen.findByText('Formations Lumière (le vôtre)')).toBeTruthy();
    expect(screen.getByText('/trainer/dashboard')).toBeTruthy();
  });

  it('says honestly when no organisation is visible', async () => {
    renderAs('admin');
    expect(await screen.findByText("Aucun organisme n'est visible pour ce compte.")).toBeTruthy();
  });
});
