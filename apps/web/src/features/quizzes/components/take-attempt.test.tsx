import type { Attempt } from '@cursus/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { TakeAttempt } from './take-attempt';

const ATTEMPT_ID = '00000000-0000-4000-8000-0000000000a1';
const QUIZ_ID = '00000000-0000-4000-8000-0000000000b1';
const BASE = `/api/learning/quiz-attempts/${ATTEMPT_ID}`;
const SESSION = { 'GET /api/auth/session': { body: { user: buildUser() } } };

function buildAttempt(overrides: Partial<Attempt> = {}): Attempt {
  const serverNow = new Date();
  return {
    id: ATTEMPT_ID,
    quizId: QUIZ_ID,
    quizTitle: 'Quiz : formules',
    attemptNumber: 1,
    status: 'in_progress',
    startedAt: serverNow.toISOString(),
    deadlineAt: new Date(serverNow.getTime() + 90_000).toISOString(),
    submittedAt: null,
    serverNow: serverNow.toISOString(),
    questions: [
      {
        id: 'q1',
        type: 'single_choice',
        text: 'Par quel caractère commence une formule ?',
        points: 1,
        options: [
          { id: 'a', text: '=' },
          { id: 'b', text: '+' },
        ],
      },
      {
        id: 'q2',
        type: 'true_false',
        text: '$B$2 est absolue.',
        points: 1,
        options: [
          { id: 'true', text: 'true' },
          { id: 'false', text: 'false' },
        ],
      },
    ],
    answers: {},
    result: null,
    canRetake: false,
    ...overrides,
  };
}

describe('TakeAttempt', () => {
  it("counts down from the server's deadline and saves each answer as it is given", async () => {
    const { calls } = mockApi({
      ...SESSION,
      [`GET ${BASE}`]: { body: buildAttempt() },
      [`PUT ${BASE}/answers/q1`]: { body: { savedAt: new Date().toISOString(), deadlineAt: null } },
    });
    renderWithProviders(<TakeAttempt attemptId={ATTEMPT_ID} onOpen={() => {}} />);
    expect(await screen.findByText(/Temps restant : 1:(29|30)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '=' }));
    await screen.findByText('Réponse enregistrée');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ answer: { optionIds: ['a'] } });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('1 sur 2 répondues');
  });

  it('shows the result the server settled when an answer comes too late', async () => {
    let isClosed = false;
    mockApi({
      ...SESSION,
      [`GET ${BASE}`]: () => ({
        body: isClosed
          ? buildAttempt({
              status: 'submitted',
              submittedAt: new Date().toISOString(),
              result: {
                scorePoints: 0,
                maxPoints: 2,
                scorePercent: 0,
                passingScore: 60,
                passed: false,
                showsCorrectAnswers: true,
                questions: [
                  {
                    questionId: 'q1',
                    isCorrect: false,
                    pointsAwarded: 0,
                    correctOptionIds: ['a'],
                    acceptedAnswers: [],
                    explanation: '',
                  },
                  {
                    questionId: 'q2',
                    isCorrect: false,
                    pointsAwarded: 0,
                    correctOptionIds: ['true'],
                    acceptedAnswers: [],
                    explanation: '',
                  },
                ],
              },
            })
          : buildAttempt(),
      }),
      [`PUT ${BASE}/answers/q1`]: () => {
        isClosed = true;
        return { status: 409, body: { error: { code: 'QUIZ_TIME_OVER', message: 'late' } } };
      },
    });
    renderWithProviders(<TakeAttempt attemptId={ATTEMPT_ID} onOpen={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: '+' }));
    await waitFor(() => expect(screen.getByText('Quiz non réussi')).toBeTruthy());
    expect(screen.getByText('Bonne réponse : =')).toBeTruthy();
    expect(screen.getByText('Bonne réponse : Vrai')).toBeTruthy();
  });
});
