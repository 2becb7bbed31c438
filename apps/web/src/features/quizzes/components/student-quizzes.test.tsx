import type { StudentQuiz, StudentQuizList } from '@cursus/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { StudentQuizzes } from './student-quizzes';

const SESSION_ID = '00000000-0000-4000-8000-0000000000c1';
const QUIZ_ID = '00000000-0000-4000-8000-0000000000b1';
const SESSION = { 'GET /api/auth/session': { body: { user: buildUser() } } };

const QUIZ: StudentQuiz = {
  id: QUIZ_ID,
  title: 'Quiz de fin d’atelier',
  description: '',
  courseId: null,
  courseTitle: null,
  moduleTitle: null,
  groupSessionId: SESSION_ID,
  groupSessionTitle: 'Atelier tableaux croisés',
  dueAt: null,
  timeLimitMinutes: null,
  passingScore: 60,
  maxAttempts: null,
  status: 'todo',
  attemptCount: 0,
  bestScorePercent: null,
  hasPassed: false,
  inProgressAttemptId: null,
};

function listOf(session: StudentQuizList['session']): StudentQuizList {
  return {
    items: [QUIZ],
    total: 1,
    page: 1,
    pageSize: 20,
    counts: { todo: 1, overdue: 0, done: 0 },
    session,
  };
}

const requestedUrls = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));

describe('StudentQuizzes narrowed to a group session', () => {
  it('asks for the session’s quizzes, names the session and leads back to its live page', async () => {
    const { fetchMock } = mockApi({
      ...SESSION,
      'GET /api/learning/quizzes': {
        body: listOf({
          id: SESSION_ID,
          title: 'Atelier tableaux croisés',
          meetingDate: '2026-11-26T13:00:00.000Z',
        }),
      },
    });
    renderWithProviders(<StudentQuizzes />, `/quizz?from=session&session=${SESSION_ID}`);
    expect(
      await screen.findByRole('heading', {
        name: 'Quiz de la session «\u00a0Atelier tableaux croisés\u00a0»',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la session' }).getAttribute('href')).toBe(
      `/group-sessions/${SESSION_ID}/live`,
    );
    expect(screen.getByText('Session : Atelier tableaux croisés')).toBeTruthy();
    const list = requestedUrls(fetchMock).find((url) => url.pathname === '/api/learning/quizzes');
    expect(list?.searchParams.get('sessionId')).toBe(SESSION_ID);
  });

  it('keeps the session in the address when a quiz is opened', async () => {
    mockApi({
      ...SESSION,
      'GET /api/learning/quizzes': {
        body: listOf({ id: SESSION_ID, title: 'Atelier', meetingDate: '2026-11-26T13:00:00.000Z' }),
      },
      [`GET /api/learning/quizzes/${QUIZ_ID}`]: {
        body: { ...QUIZ, questionCount: 1, canStart: true, attempts: [] },
      },
    });
    const { router } = renderWithProviders(<StudentQuizzes />, `/quizz?from=session&session=${SESSION_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /Quiz de fin d’atelier/ }));
    await screen.findByRole('heading', { name: 'Quiz de fin d’atelier' });
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ from: 'session', session: SESSION_ID, quiz: QUIZ_ID });
  });

  it('says so when the learner is not invited to the session', async () => {
    mockApi({ ...SESSION, 'GET /api/learning/quizzes': apiError('NOT_FOUND', 404) });
    renderWithProviders(<StudentQuizzes />, `/quizz?from=session&session=${SESSION_ID}`);
    expect(await screen.findByText('Session introuvable')).toBeTruthy();
  });

  it('shows every quiz, without a session heading, for a malformed or absent session', async () => {
    const { fetchMock } = mockApi({ ...SESSION, 'GET /api/learning/quizzes': { body: listOf(null) } });
    renderWithProviders(<StudentQuizzes />, '/quizz?from=session&session=pas-un-id');
    expect(await screen.findByRole('heading', { name: 'Quiz de fin d’atelier' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Retour à la session' })).toBeNull();
    const list = requestedUrls(fetchMock).find((url) => url.pathname === '/api/learning/quizzes');
    expect(list?.searchParams.has('sessionId')).toBe(false);
  });
});
