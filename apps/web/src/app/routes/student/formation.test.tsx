import type { StudentQuiz, StudentQuizList } from '@cursus/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildCourseDetail,
  COURSE_ID,
  LESSON_1,
  LESSON_2,
  LESSON_3,
  LESSON_4,
  MODULE_1,
  MODULE_2,
} from '@/features/learning/testing/fixtures';
import { apiError, buildUser, type MockResponse, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

function renderCourse(detail: MockResponse, path = `/formations/${COURSE_ID}`, quizzes: StudentQuiz[] = []) {
  const quizList: StudentQuizList = {
    items: quizzes,
    total: quizzes.length,
    page: 1,
    pageSize: 50,
    counts: { todo: 0, overdue: 0, done: 0 },
    session: null,
  };
  const api = mockApi({
    'GET /api/auth/session': { body: { user: buildUser() } },
    [`GET /api/learning/courses/${COURSE_ID}`]: detail,
    'GET /api/learning/quizzes': { body: quizList },
  });
  return { ...renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS), ...api };
}

const lessonPath = (moduleId: string, lessonId: string) =>
  `/formations/${COURSE_ID}/module/${moduleId}/lesson/${lessonId}`;

describe('/formations/{id}', () => {
  it('shows the programme, the modules and lessons with their completion marks', async () => {
    renderCourse({ body: buildCourseDetail([LESSON_1]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité au travail' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Programme de la formation' })).toBeTruthy();
    expect(screen.getByText('Identifier les risques principaux.')).toBeTruthy();
    expect(screen.getByText('Distanciel')).toBeTruthy();
    expect(screen.getByText('7 heures')).toBeTruthy();
    // An empty sheet field is left out rather than shown blank.
    expect(screen.queryByText('Prérequis')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Module 1\u00a0: Les risques' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Module 2\u00a0: Les gestes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Repérer les dangers — Terminée/ }).getAttribute('href')).toBe(
      lessonPath(MODULE_1, LESSON_1),
    );
    expect(screen.getByRole('link', { name: /Prévenir les accidents — À faire/ })).toBeTruthy();
    const overall = screen.getByRole('progressbar', { name: 'Progression\u00a0: Sécurité au travail' });
    expect(overall.getAttribute('aria-valuenow')).toBe('25');
    expect(
      screen
        .getByRole('progressbar', { name: 'Progression\u00a0: Module 1\u00a0: Les risques' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
  });

  it("shows the formation's quizzes with the learner's best score, and asks for this formation's only", async () => {
    const quiz = (overrides: Partial<StudentQuiz>): StudentQuiz => ({
      id: '00000000-0000-4000-8000-0000000000c1',
      title: 'Quiz du module 1',
      description: '',
      courseId: COURSE_ID,
      courseTitle: 'Sécurité au travail',
      moduleTitle: 'Les risques',
      groupSessionId: null,
      groupSessionTitle: null,
      dueAt: null,
      timeLimitMinutes: null,
      passingScore: 60,
      maxAttempts: null,
      status: 'done',
      attemptCount: 2,
      bestScorePercent: 80,
      hasPassed: true,
      inProgressAttemptId: null,
      ...overrides,
    });
    const { fetchMock } = renderCourse({ body: buildCourseDetail([LESSON_1]) }, undefined, [
      quiz({}),
      quiz({
        id: '00000000-0000-4000-8000-0000000000c2',
        title: 'Test final',
        moduleTitle: null,
        status: 'todo',
        attemptCount: 0,
        bestScorePercent: null,
        hasPassed: false,
      }),
    ]);
    const card = (await screen.findByRole('heading', { level: 2, name: 'Quiz de la formation' })).closest(
      'section',
    )!;
    expect(within(card).getByText('1 quiz réussi sur 2')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Quiz du module 1' }).getAttribute('href')).toBe(
      '/quizz?quiz=00000000-0000-4000-8000-0000000000c1',
    );
    expect(within(card).getByText('Meilleur score : 80 %')).toBeTruthy();
    expect(within(card).getByText('À faire')).toBeTruthy();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/learning/quizzes');
    expect(asked?.searchParams.get('courseId')).toBe(COURSE_ID);
  });

  it('continues with the first lesson not completed, across modules', async () => {
    renderCourse({ body: buildCourseDetail([LESSON_1, LESSON_2]) });
    const button = await screen.findByRole('link', { name: 'Continuer' });
    expect(button.getAttribute('href')).toBe(lessonPath(MODULE_2, LESSON_3));
    expect(screen.getByText('Prochaine leçon : Alerter les secours')).toBeTruthy();
  });

  it('skips back to a lesson left behind rather than the furthest one', async () => {
    renderCourse({ body: buildCourseDetail([LESSON_1, LESSON_3, LESSON_4]) });
    expect((await screen.findByRole('link', { name: 'Continuer' })).getAttribute('href')).toBe(
      lessonPath(MODULE_1, LESSON_2),
    );
  });

  it("says 'Commencer' before any lesson and 'Revoir' once all are done", async () => {
    const { unmount } = renderCourse({ body: buildCourseDetail([]) });
    expect((await screen.findByRole('link', { name: 'Commencer' })).getAttribute('href')).toBe(
      lessonPath(MODULE_1, LESSON_1),
    );
    unmount();
    renderCourse({ body: buildCourseDetail([LESSON_1, LESSON_2, LESSON_3, LESSON_4]) });
    expect((await screen.findByRole('link', { name: 'Revoir' })).getAttribute('href')).toBe(
      lessonPath(MODULE_1, LESSON_1),
    );
    expect(screen.getByText('Bravo, vous avez terminé toutes les leçons de cette formation.')).toBeTruthy();
    expect(screen.getAllByText('Terminée').length).toBeGreaterThan(0);
  });

  it('shows a locked formation closed: no continue button, no lesson link', async () => {
    renderCourse({ body: buildCourseDetail([LESSON_1], { isLocked: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité au travail' })).toBeTruthy();
    expect(screen.getByText('Formation verrouillée')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Continuer|Commencer|Revoir/ })).toBeNull();
    const content = screen
      .getByRole('heading', { level: 2, name: 'Contenu de la formation' })
      .closest('section')!;
    expect(within(content).queryAllByRole('link')).toHaveLength(0);
    expect(within(content).getByText(/Prévenir les accidents/)).toBeTruthy();
  });

  it("shows SPEC 8 'training not found' for a formation the learner cannot see", async () => {
    renderCourse(apiError('TRAINING_NOT_FOUND', 404));
    expect(await screen.findByRole('heading', { level: 1, name: 'Formation introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à mes formations' }).getAttribute('href')).toBe(
      '/formations',
    );
  });

  it('shows not found for a malformed id without asking the server', async () => {
    const { calls } = renderCourse({ body: buildCourseDetail() }, '/formations/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Formation introuvable' })).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/learning'))).toBe(false);
  });

  it.each([`/course/${COURSE_ID}`, `/student/formations/${COURSE_ID}`])(
    'shows the same formation page at %s',
    async (path) => {
      renderCourse({ body: buildCourseDetail([LESSON_1]) }, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité au travail' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Continuer' }).getAttribute('href')).toBe(
        lessonPath(MODULE_1, LESSON_2),
      );
      // Inside the student frame, formations marked active in the sidebar.
      const sidebar = screen.getByRole('complementary', { name: 'Menu latéral' });
      expect(within(sidebar).getByRole('link', { name: 'Mes formations' }).getAttribute('aria-current')).toBe(
        'page',
      );
    },
  );
});
