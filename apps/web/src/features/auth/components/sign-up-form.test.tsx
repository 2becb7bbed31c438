import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { SignUpForm } from './sign-up-form';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function fillValidForm() {
  type('Prénom', 'Ana');
  type('Nom', 'Lopez');
  type('Email', 'Ana@Example.org');
  type('Mot de passe', 'Abcdefg1!');
  type('Confirmer le mot de passe', 'Abcdefg1!');
}

describe('SignUpForm', () => {
  it('shows the live strength label as the password is typed', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderWithProviders(<SignUpForm onSignedUp={() => {}} />);
    type('Mot de passe', 'abc');
    expect(await screen.findByText('Force du mot de passe : Très faible')).toBeTruthy();
    type('Mot de passe', 'Abcdefg1!');
    expect(await screen.findByText('Force du mot de passe : Moyen')).toBeTruthy();
    type('Mot de passe', 'Abcdefgh1!xyz');
    expect(await screen.findByText('Force du mot de passe : Fort')).toBeTruthy();
  });

  it('puts the mismatch error on the confirmation field and sends nothing', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderWithProviders(<SignUpForm onSignedUp={() => {}} />);
    fillValidForm();
    type('Confirmer le mot de passe', 'Abcdefg1?');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    const confirmation = screen.getByLabelText('Confirmer le mot de passe');
    await waitFor(() => expect(confirmation.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(confirmation)).toContain('Les mots de passe ne correspondent pas');
    expect(screen.getByLabelText('Mot de passe').getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/auth/sign-up')).toHaveLength(0);
  });

  it('shows the generic messages for empty and malformed fields', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderWithProviders(<SignUpForm onSignedUp={() => {}} />);
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(describedText(screen.getByLabelText('Prénom'))).toContain('Champ requis'));
    expect(describedText(screen.getByLabelText('Email'))).toContain('Email invalide');
  });

  it('asks a trainer for an optional organisation name and sends the sign-up', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-up': { body: { emailConfirmationRequired: true } },
    });
    const onSignedUp = vi.fn();
    renderWithProviders(<SignUpForm onSignedUp={onSignedUp} />);
    expect(screen.queryByLabelText("Nom de l'organisme (optionnel)")).toBeNull();
    fillValidForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Formateur' }));
    type("Nom de l'organisme (optionnel)", 'Formations Lumière');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('ana@example.org'));
    expect(calls.find((call) => call.path === '/api/auth/sign-up')?.body).toEqual({
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.org',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1!',
      role: 'trainer',
      organizationName: 'Formations Lumière',
      language: 'fr',
    });
  });

  it('puts ACCOUNT_EXISTS from the server on the email field', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/sign-up': apiError('ACCOUNT_EXISTS', 409),
    });
    renderWithProviders(<SignUpForm onSignedUp={() => {}} />);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(describedText(email)).toContain('Un compte existe déjà avec cet email'));
  });
});
