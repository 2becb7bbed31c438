import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { SignInForm } from './sign-in-form';

const SESSION = { 'GET /api/auth/session': { body: { user: null } } };
const CODE_STEP = '/api/auth/sign-in/two-factor';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The password step of an account with two-factor authentication. */
async function reachCodeStep() {
  type('Email', 'ana@example.org');
  type('Mot de passe', 'Abcdefg1!');
  fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  return screen.findByLabelText('Code de vérification');
}

describe('the two-factor code step', () => {
  it('replaces the password form with a focused one-time-code field when a code is due', async () => {
    mockApi({ ...SESSION, 'POST /api/auth/sign-in': { body: { twoFactorRequired: true } } });
    renderWithProviders(<SignInForm />);
    const code = await reachCodeStep();
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
  });

  it('checks the format first, then shows a wrong code on the field and sends the right one', async () => {
    let answer = apiError('INVALID_TWO_FACTOR_CODE', 401);
    const { calls } = mockApi({
      ...SESSION,
      'POST /api/auth/sign-in': { body: { twoFactorRequired: true } },
      [`POST ${CODE_STEP}`]: () => answer,
    });
    renderWithProviders(<SignInForm />);
    const code = await reachCodeStep();

    type('Code de vérification', '12 34');
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((call) => call.path === CODE_STEP)).toHaveLength(0);

    type('Code de vérification', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Code incorrect ou déjà utilisé')).toBeTruthy();
    expect(document.activeElement).toBe(code);

    answer = { body: { user: buildUser({ role: 'trainer' }) } };
    type('Code de vérification', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(calls.filter((call) => call.path === CODE_STEP)).toHaveLength(2));
    expect(calls.filter((call) => call.path === CODE_STEP).map((call) => call.body)).toEqual([
      { method: 'totp', code: '123456' },
      { method: 'totp', code: '654321' },
    ]);
  });

  it('takes a recovery code instead, and goes back to the password when the attempt expired', async () => {
    const { calls } = mockApi({
      ...SESSION,
      'POST /api/auth/sign-in': { body: { twoFactorRequired: true } },
      [`POST ${CODE_STEP}`]: apiError('TWO_FACTOR_CHALLENGE_EXPIRED', 401),
    });
    renderWithProviders(<SignInForm />);
    await reachCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser un code de secours' }));
    const recovery = screen.getByLabelText('Code de secours');
    expect(recovery.getAttribute('autocomplete')).toBe('off');
    type('Code de secours', 'AbCdE-12345');
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('La vérification a expiré, reconnectez-vous')).toBeTruthy();
    expect(calls.find((call) => call.path === CODE_STEP)?.body).toEqual({
      method: 'recovery',
      code: 'AbCdE-12345',
    });

    fireEvent.click(screen.getAllByRole('button', { name: 'Recommencer la connexion' })[0]!);
    expect(await screen.findByLabelText('Mot de passe')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.org');
  });
});
