import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { DEFAULT_THEME, getTheme, setTheme, THEME_STORAGE_KEY } from '@/lib/theme';
import { apiError, buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../router';

const STRONG_PASSWORD = 'Violette-Chaton-42!';

function renderProfile(path = '/student/profile', handlers: Parameters<typeof mockApi>[0] = {}) {
  const user = buildUser();
  const api = mockApi({
    'GET /api/auth/session': { body: { user } },
    ...handlers,
  });
  return { ...renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS), ...api, user };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(async () => {
  await changeLanguage('fr');
});

describe('profile page', () => {
  it('shows the identity of the signed-in person with their initials', async () => {
    renderProfile('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
    expect(screen.getByText('ana.lopez@example.org')).toBeTruthy();
    expect(screen.getByText('Adresse e-mail confirmée')).toBeTruthy();
    expect(screen.getByText('Formations Lumière')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('AL')).toBeTruthy();
  });

  it.each(['/trainer/profile', '/admin/profile'] as const)('opens %s in its own space', async (path) => {
    const role = path === '/admin/profile' ? 'admin' : 'trainer';
    mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role }) } } });
    renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
    expect(screen.getByText(role === 'admin' ? 'Administrateur' : 'Formateur')).toBeTruthy();
  });

  it('applies and keeps the chosen theme', async () => {
    renderProfile();
    const light = await screen.findByRole('radio', { name: 'Clair' });
    fireEvent.click(light);
    expect(getTheme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect((light as HTMLInputElement).checked).toBe(true);
    setTheme(DEFAULT_THEME);
  });

  it('saves a language change on the account and switches the interface at once', async () => {
    const { calls } = renderProfile('/student/profile', {
      'PATCH /api/auth/preferences': { body: { user: buildUser({ language: 'en' }) } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/auth/preferences', body: { language: 'en' } }),
      ]),
    );
  });

  it('shows a wrong current password on the current-password field', async () => {
    renderProfile('/student/profile', {
      'POST /api/auth/change-password': apiError('INVALID_CURRENT_PASSWORD', 400),
    });
    await screen.findByRole('heading', { level: 1, name: 'Mon profil' });
    type('Mot de passe actuel', 'pas-le-bon');
    type('Nouveau mot de passe', STRONG_PASSWORD);
    type('Confirmer le nouveau mot de passe', STRONG_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    const message = await screen.findByText('Le mot de passe actuel est incorrect');
    const current = screen.getByLabelText('Mot de passe actuel');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByLabelText('Nouveau mot de passe').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the three passwords and empties the form once changed', async () => {
    const { calls } = renderProfile('/student/profile', {
      'POST /api/auth/change-password': { body: { ok: true } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Mon profil' });
    type('Mot de passe actuel', 'Ancien-Secret-2024!');
    type('Nouveau mot de passe', STRONG_PASSWORD);
    type('Confirmer le nouveau mot de passe', STRONG_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Mot de passe actuel') as HTMLInputElement).value).toBe(''),
    );
    expect((screen.getByLabelText('Nouveau mot de passe') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Confirmer le nouveau mot de passe') as HTMLInputElement).value).toBe('');
    expect(calls.find((call) => call.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'Ancien-Secret-2024!',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
  });
});
