import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from './router';

function renderApp(path: string) {
  return renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('app routes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a visitor from / to the sign-in page', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    const { router } = renderApp('/');
    expect(await heading('Bienvenue sur Cursus')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    // What signing up accepts, readable before signing up.
    const legal = screen.getByRole('navigation', { name: 'Informations légales' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Conditions d’utilisation', '/terms'],
      ['Confidentialité', '/privacy'],
      ['Mentions légales', '/legal'],
      ['Cookies', '/cookies'],
    ]);
  });

  it('gives up waiting for a role after 3 seconds and offers to sign in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A session check that never answers.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    const { router } = renderApp('/');
    expect(await screen.findByText('Connexion en cours...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(router.state.location.pathname).toBe('/');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('sends a signed-in trainer from / to their dashboard, inside the signed-in frame', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } } });
    const { router } = renderApp('/');
    expect(await heading('Tableau de bord')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/trainer/dashboard');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Ana Lopez')).toBeTruthy();
    expect(within(banner).getByText('AL')).toBeTruthy();
    const sidebar = screen.getByRole('complementary', { name: 'Menu latéral' });
    expect(within(sidebar).getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Déconnexion' })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('redirects the former student addresses to /dashboard', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role: 'student' }) } } });
    const { router } = renderApp('/student-dashboard');
    expect(await heading('Mon Suivi')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signs a student in and ignores a redirect to another site', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-in': { body: { user: buildUser({ role: 'student' }) } },
    });
    const { router } = renderApp('/auth?mode=signin&redirect=//evil.com');
    await heading('Bienvenue sur Cursus');
    type('Email', 'ana@example.org');
    type('Mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await heading('Mon Suivi')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('returns to the page that asked for sign-in', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-in': { body: { user: buildUser({ role: 'trainer' }) } },
    });
    const { router } = renderApp('/trainer/students');
    await heading('Bienvenue sur Cursus');
    expect(router.state.location.search).toContain('redirect=%2Ftrainer%2Fstudents');
    type('Email', 'ana@example.org');
    type('Mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await heading('Apprenants')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/trainer/students');
  });

  it('offers to resend the confirmation email when the email is not confirmed', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-in': apiError('EMAIL_NOT_CONFIRMED', 403),
      'POST /api/auth/resend-confirmation': { body: { ok: true } },
    });
    renderApp('/auth');
    await heading('Bienvenue sur Cursus');
    type('Email', 'ana@example.org');
    type('Mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Email non confirmé, vérifiez votre boîte de réception')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Renvoyer l'email de confirmation" }));
    expect(await screen.findByText(/Email de confirmation renvoyé/)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/resend-confirmation')?.body).toEqual({
      email: 'ana@example.org',
    });
  });

  it('says when to retry after too many attempts', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-in': apiError('RATE_LIMITED', 429, { retryAfterSeconds: 120 }),
    });
    renderApp('/auth');
    await heading('Bienvenue sur Cursus');
    type('Email', 'ana@example.org');
    type('Mot de passe', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.replace(/\s/g, ' ')).toContain('Réessayez dans 2 minutes');
  });

  it('after sign-up, asks to check the inbox and switches to sign-in with the email filled in', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-up': { body: { emailConfirmationRequired: true } },
    });
    const { router } = renderApp('/auth?mode=signup');
    await heading('Bienvenue sur Cursus');
    expect(screen.getByRole('tab', { name: 'Inscription' }).getAttribute('aria-selected')).toBe('true');
    // The sign-up form loads with its tab (app/routes/auth/auth.tsx).
    await screen.findByLabelText('Prénom');
    type('Prénom', 'Ana');
    type('Nom', 'Lopez');
    type('Email', 'ana@example.org');
    type('Mot de passe', 'Abcdefg1!');
    type('Confirmer le mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText(/Vérifiez votre boîte de réception/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Connexion' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.org');
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('signin');
  });

  it('shows the outcome of the email confirmation link', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderApp('/auth?mode=signin&confirmed=1');
    expect(await screen.findByText('Email confirmé, vous pouvez vous connecter')).toBeTruthy();
  });

  it('shows an invalid confirmation link', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderApp('/auth?confirmError=RESET_LINK_INVALID');
    expect(await screen.findByText('Lien de réinitialisation invalide ou expiré')).toBeTruthy();
  });

  it('refuses a non-admin at /admin and explains it on /unauthorized', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/admin/sign-in': apiError('NOT_ADMIN', 403),
    });
    const { router } = renderApp('/admin');
    await heading('Espace administrateur');
    type('Email', 'ana@example.org');
    type('Mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await heading('Accès refusé')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getAllByText("Vous n'avez pas les droits d'administrateur").length).toBeGreaterThan(0);
    expect(screen.getByText('Page demandée : /admin')).toBeTruthy();
  });

  it('takes a signed-in admin from /admin to the admin dashboard', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: buildUser({ role: 'admin' }) } } });
    const { router } = renderApp('/admin');
    expect(await heading('Administration')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('signs out to the sign-in page without offering to come back', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'student' }) } },
      'POST /api/auth/sign-out': { body: { ok: true } },
    });
    const { router } = renderApp('/dashboard');
    await heading('Mon Suivi');
    fireEvent.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await heading('Bienvenue sur Cursus')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).not.toContain('redirect');
  });

  it('explains a refused page and lets the person sign out from there', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'student' }) } },
      'POST /api/auth/sign-out': { body: { ok: true } },
    });
    const { router } = renderApp('/trainer/students');
    expect(await heading('Accès refusé')).toBeTruthy();
    expect(screen.getByText('Page demandée : /trainer/students')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await heading('Bienvenue sur Cursus')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('saves a language switched while signed in on the account', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'student' }) } },
      'PATCH /api/auth/preferences': (call) => ({
        body: {
          user: buildUser({ role: 'student', language: (call.body as { language: 'fr' | 'en' }).language }),
        },
      }),
    });
    renderApp('/dashboard');
    await heading('Mon Suivi');
    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    expect(await heading('My dashboard')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ language: 'en' }),
    );
    expect(document.documentElement.lang).toBe('en');
  });

  it("adopts the account's language on sign-in", async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-in': { body: { user: buildUser({ role: 'student', language: 'en' }) } },
    });
    renderApp('/auth');
    await heading('Bienvenue sur Cursus');
    type('Email', 'ana@example.org');
    type('Mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await heading('My dashboard')).toBeTruthy();
    expect(i18n.language).toBe('en');
    // Adopting the account's own language is not a change to save back.
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('lets a trainer without an organisation create one, then opens the trainer space', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': {
        body: { user: buildUser({ role: 'trainer', organizationId: null, organizationName: null }) },
      },
      'POST /api/organizations/mine': {
        body: { user: buildUser({ role: 'trainer', organizationName: 'Atelier Nord' }) },
      },
    });
    const { router } = renderApp('/trainer/dashboard');
    expect(await heading('Organisme de formation')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assign-organization');
    type("Nom de l'organisme", 'Atelier Nord');
    fireEvent.click(screen.getByRole('button', { name: "Créer l'organisme" }));
    expect(await heading('Tableau de bord')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/trainer/dashboard');
    expect(calls.find((call) => call.path === '/api/organizations/mine')?.body).toEqual({
      organizationName: 'Atelier Nord',
    });
  });

  it('tells a student without an organisation to wait, with the support hours', async () => {
    mockApi({
      'GET /api/auth/session': {
        body: { user: buildUser({ role: 'student', organizationId: null, organizationName: null }) },
      },
    });
    renderApp('/assign-organization');
    expect(await screen.findByText("En attente d'un organisme")).toBeTruthy();
    expect(screen.getByText(/du lundi au vendredi/)).toBeTruthy();
  });

  it('lets an admin assign a waiting student to a chosen organisation', async () => {
    const organizationId = '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'admin', organizationId: null }) } },
      'GET /api/organizations': { body: { items: [{ id: organizationId, name: 'Atelier Nord' }] } },
      'POST /api/organizations/assign-student': {
        body: { id: 'student-9', fullName: 'Léa Martin', email: 'lea@example.org', organizationId },
      },
    });
    renderApp('/assign-organization');
    await screen.findByLabelText('Organisme');
    type("Email de l'apprenant", 'lea@example.org');
    fireEvent.change(screen.getByLabelText('Organisme'), { target: { value: organizationId } });
    fireEvent.click(screen.getByRole('button', { name: "Rattacher l'apprenant" }));
    expect(await screen.findByText("Léa Martin est rattaché à l'organisme")).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/organizations/assign-student')?.body).toEqual({
      email: 'lea@example.org',
      organizationId,
    });
  });

  it('resets a password and comes back to sign-in with a notice', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/reset-password': { body: { ok: true } },
    });
    const { router } = renderApp('/reset-password?token=abc123');
    await heading('Nouveau mot de passe');
    type('Nouveau mot de passe', 'Abcdefg1!');
    type('Confirmer le mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Mot de passe mis à jour, vous pouvez vous connecter')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'abc123',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1!',
    });
  });

  it('shows an expired reset link with a way to ask for a new one', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/reset-password': apiError('RESET_LINK_INVALID', 400),
    });
    renderApp('/reset-password?token=old');
    await heading('Nouveau mot de passe');
    type('Nouveau mot de passe', 'Abcdefg1!');
    type('Confirmer le mot de passe', 'Abcdefg1!');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Lien de réinitialisation invalide ou expiré')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toBeTruthy();
  });

  it('always answers the forgotten-password form the same way', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/forgot-password': { body: { ok: true } },
    });
    renderApp('/forgot-password');
    await heading('Mot de passe oublié');
    type('Email', 'someone@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText(/Si un compte existe pour cet email/)).toBeTruthy();
  });

  it('shows a not-found page for unknown paths and records the visit once', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/system/not-found': { body: { ok: true } },
    });
    renderApp('/nowhere/to/be/found?from=mail');
    expect(await heading('Page introuvable')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/system/not-found')).toHaveLength(1),
    );
    expect(calls.find((call) => call.path === '/api/system/not-found')?.body).toEqual({
      path: '/nowhere/to/be/found?from=mail',
    });
  });

  it('still shows the not-found page when the visit cannot be recorded', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/system/not-found': apiError('SERVER_ERROR', 500),
    });
    renderApp('/nowhere');
    expect(await heading('Page introuvable')).toBeTruthy();
  });
});
