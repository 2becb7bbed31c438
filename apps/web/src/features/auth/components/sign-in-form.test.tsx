import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { SignInForm } from './sign-in-form';

const SESSION = { 'GET /api/auth/session': { body: { user: null } } };

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
}

// The form validates without react-hook-form (issue 12): these pin the behaviour it must keep.
describe('SignInForm', () => {
  it('validates on submit, focuses the first invalid field and sends nothing', async () => {
    const { calls } = mockApi(SESSION);
    renderWithProviders(<SignInForm />);
    type('Email', 'not-an-email');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBeNull();

    submit();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(email)).toContain('Email invalide');
    expect(describedText(screen.getByLabelText('Mot de passe'))).toContain('Champ requis');
    expect(document.activeElement).toBe(email);
    expect(calls.filter((call) => call.path === '/api/auth/sign-in')).toHaveLength(0);
  });

  it('clears an error as soon as the field is corrected once submitted', async () => {
    mockApi(SESSION);
    renderWithProviders(<SignInForm />);
    submit();
    const password = screen.getByLabelText('Mot de passe');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    type('Mot de passe', 'secret');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the trimmed, lower-cased values the contract parses', async () => {
    const { calls } = mockApi({
      ...SESSION,
      'POST /api/auth/sign-in': apiError('INVALID_CREDENTIALS', 401),
    });
    renderWithProviders(<SignInForm />);
    type('Email', '  Ana@Example.org ');
    type('Mot de passe', 'Abcdefg1!');
    submit();
    expect(await screen.findByText('Email ou mot de passe incorrect')).toBeTruthy();
    const sent = calls.filter((call) => call.path === '/api/auth/sign-in');
    expect(sent.map((call) => call.body)).toEqual([{ email: 'ana@example.org', password: 'Abcdefg1!' }]);
    expect(screen.getByRole('button', { name: 'Se connecter' }).hasAttribute('disabled')).toBe(false);
  });

  it("puts the server's field errors on their inputs", async () => {
    mockApi({
      ...SESSION,
      'POST /api/auth/sign-in': apiError('VALIDATION_ERROR', 400, {
        fields: [{ path: 'email', message: 'INVALID_EMAIL_DOMAIN' }],
      }),
    });
    renderWithProviders(<SignInForm />);
    type('Email', 'ana@example.org');
    type('Mot de passe', 'Abcdefg1!');
    submit();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
