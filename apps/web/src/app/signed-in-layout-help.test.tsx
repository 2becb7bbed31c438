import type { SessionUser } from '@cursus/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from './router';

function renderAs(user: SessionUser, path: string) {
  mockApi({
    'GET /api/auth/session': { body: { user } },
    'GET /api/config': { body: { supportEmail: 'support@cursus.example' } },
    'POST /api/system/not-found': { body: { ok: true } },
  });
  return renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS);
}

async function helpEntry() {
  const sidebar = await screen.findByRole('complementary', { name: 'Menu latéral' });
  return within(sidebar).getByText('Aide').closest('a, button') as HTMLElement;
}

describe('SPEC 2 sidebar help entry', () => {
  it('opens the student help dialog for students', async () => {
    renderAs(buildUser({ role: 'student' }), '/dashboard');
    fireEvent.click(await helpEntry());
    expect(await screen.findByRole('dialog', { name: "Besoin d'aide\u202f?" })).toBeTruthy();
  });

  it('leads trainers with an organisation to the help centre page', async () => {
    const { router } = renderAs(buildUser({ role: 'trainer' }), '/trainer/dashboard');
    const entry = await helpEntry();
    expect(entry.getAttribute('href')).toBe('/trainer/help');
    fireEvent.click(entry);
    expect(await screen.findByRole('tablist', { name: "Rubriques d'aide" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/trainer/help');
  });

  it('opens the support dialog for a trainer without an organisation', async () => {
    renderAs(buildUser({ role: 'trainer', organizationId: null, organizationName: null }), '/profile');
    fireEvent.click(await helpEntry());
    expect(await screen.findByRole('dialog', { name: 'Aide et support' })).toBeTruthy();
  });
});
