import type { GuestAttemptStart, PositioningInvitationView } from '@cursus/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { PositioningScreen } from './positioning-screen';

const TOKEN = 'a'.repeat(43);
const ATTEMPT: GuestAttemptStart = {
  attemptId: '7d1b2f3e-1111-4222-8333-444455556666',
  startedAt: '2026-11-23T09:00:00.000Z',
  deadlineAt: null,
  serverNow: '2026-11-23T09:00:00.000Z',
  questions: [
    {
      id: 'q1',
      type: 'single_choice',
      text: 'À quelle fréquence utilisez-vous Excel ?',
      points: 1,
      options: [
        { id: 'a', text: 'Tous les jours' },
        { id: 'b', text: 'Rarement' },
      ],
    },
    {
      id: 'q2',
      type: 'true_false',
      text: 'Je sais figer une référence.',
      points: 1,
      options: [
        { id: 'true', text: 'true' },
        { id: 'false', text: 'false' },
      ],
    },
  ],
};
const INVITATION: PositioningInvitationView = {
  organizationName: 'Organisme Démo',
  courseTitle: 'Excel, les fondamentaux',
  quizTitle: 'Positionnement Excel',
  quizDescription: '',
  questionCount: 2,
  timeLimitMinutes: null,
  email: 'nina@exemple.fr',
  expiresAt: '2026-12-07T09:00:00.000Z',
  attempt: null,
};

describe('PositioningScreen', () => {
  it.each([
    ['POSITIONING_LINK_EXPIRED', 410, 'Ce lien a expiré'],
    ['POSITIONING_LINK_USED', 409, 'Vous avez déjà répondu à ce questionnaire'],
    ['POSITIONING_LINK_INVALID', 404, 'Ce lien n’est pas valable'],
  ])('says what to do with a link answered %s', async (code, status, text) => {
    mockApi({ 'GET /api/public/positioning': apiError(code, status) });
    renderWithProviders(<PositioningScreen token={TOKEN} />);
    expect(await screen.findByText(text, { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Lien indisponible' })).toBeTruthy();
  });

  it('asks the name, then the questions, and sends the answers once with the token', async () => {
    const { calls } = mockApi({
      'GET /api/public/positioning': { body: INVITATION },
      'POST /api/public/positioning/start': { body: ATTEMPT },
      'POST /api/public/positioning/submit': {
        body: { submittedAt: '2026-11-23T09:05:00.000Z', timeOver: false },
      },
    });
    renderWithProviders(<PositioningScreen token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Positionnement Excel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Commencer' }));
    expect(await screen.findByText('Indiquez votre nom.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nom et prénom'), { target: { value: 'Nina Futur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Commencer' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Tous les jours' }));
    // True/false options are worded in the reader's language.
    fireEvent.click(screen.getByRole('radio', { name: 'Vrai' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci\u202f!' })).toBeTruthy();
    const submit = calls.find((call) => call.path === '/api/public/positioning/submit');
    expect(submit?.body).toEqual({
      token: TOKEN,
      answers: { q1: { optionIds: ['a'] }, q2: { optionIds: ['true'] } },
    });
    expect(calls.find((call) => call.path === '/api/public/positioning/start')?.body).toEqual({
      token: TOKEN,
      name: 'Nina Futur',
    });
  });
});
