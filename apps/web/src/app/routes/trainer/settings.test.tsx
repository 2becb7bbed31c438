import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, type RecordedCall, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

const ORGANIZATION_ID = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';
const BRANDING = {
  organizationId: ORGANIZATION_ID,
  name: 'Formations Lumière',
  logoFileId: null,
  logoUrl: null,
  brandColor: null,
  palette: null,
};

function renderSettings(weeklyGoalHours = 20) {
  const api = mockApi({
    'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } },
    'GET /api/time-tracking/settings': { body: { organizationId: ORGANIZATION_ID, weeklyGoalHours } },
    'PUT /api/time-tracking/settings': (call) => ({
      body: { organizationId: ORGANIZATION_ID, ...(call.body as { weeklyGoalHours: number }) },
    }),
    'GET /api/organizations/mine/branding': { body: BRANDING },
    'GET /api/trainer/attendance/settings': { body: { lateSigningMinutes: 30 } },
  });
  return { ...api, ...renderRoutes(createAppRoutes(), '/trainer/settings', APP_ROUTER_OPTIONS) };
}

const saves = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/time-tracking/settings');

describe('/trainer/settings', () => {
  it("shows the organisation's identity, weekly goal, signing rule and a link to email preferences", async () => {
    renderSettings(25);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Objectif hebdomadaire' })).toBeTruthy();
    const input = (await screen.findByLabelText('Heures par semaine')) as HTMLInputElement;
    expect(input.value).toBe('25');
    expect(screen.getByText('Entre 1 et 80 heures, par défaut 20 heures.')).toBeTruthy();
    expect(((await screen.findByLabelText("Nom de l'organisme")) as HTMLInputElement).value).toBe(
      'Formations Lumière',
    );
    await waitFor(() => expect((screen.getByLabelText(/minutes/i) as HTMLInputElement).value).toBe('30'));
    const link = screen.getByRole('link', { name: "Gérer mes préférences d'e-mail" });
    expect(link.getAttribute('href')).toBe('/trainer/profile#email-preferences');
  });

  it('saves a new goal through the settings route', async () => {
    const { calls } = renderSettings();
    const input = await screen.findByLabelText('Heures par semaine');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toEqual({ weeklyGoalHours: 12 });
  });

  it.each(['0', '81', '7.5', ''])('refuses %j hours without sending it', async (value) => {
    const { calls } = renderSettings();
    const input = await screen.findByLabelText('Heures par semaine');
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Indiquez un nombre entier d'heures entre 1 et 80.")).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(saves(calls)).toHaveLength(0);
  });
});
