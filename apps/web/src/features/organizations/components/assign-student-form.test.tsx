import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { AssignStudentForm } from './assign-student-form';

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function submit(email: string) {
  fireEvent.change(screen.getByLabelText("Email de l'apprenant"), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: "Rattacher l'apprenant" }));
}

describe('AssignStudentForm', () => {
  it('shows the one refusal on the email field, whatever the reason', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/organizations/assign-student': apiError('STUDENT_NOT_ASSIGNABLE', 404),
    });
    renderWithProviders(<AssignStudentForm choosesOrganization={false} />);
    submit('someone@example.org');
    const email = screen.getByLabelText("Email de l'apprenant");
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(email)).toContain("Aucun apprenant en attente d'un organisme n'a cet email");
  });

  it('says when to try again once the trainer is rate limited', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/organizations/assign-student': apiError('RATE_LIMITED', 429, { retryAfterSeconds: 600 }),
    });
    renderWithProviders(<AssignStudentForm choosesOrganization={false} />);
    submit('someone@example.org');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByLabelText("Email de l'apprenant").getAttribute('aria-invalid')).toBeNull();
  });

  it('names the learner placed', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/organizations/assign-student': {
        body: {
          id: 'u1',
          fullName: 'Léa Martin',
          email: 'lea@example.org',
          organizationId: '00000000-0000-4000-8000-000000000001',
        },
      },
    });
    renderWithProviders(<AssignStudentForm choosesOrganization={false} />);
    submit('lea@example.org');
    expect(await screen.findByText("Léa Martin est rattaché à l'organisme")).toBeTruthy();
  });
});
