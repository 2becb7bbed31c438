import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCourseList, buildStudentCourse, uuid } from '@/features/learning/testing/fixtures';
import { apiError, buildUser, type MockResponse, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

function renderCourses(list: MockResponse | ((call: { path: string }) => MockResponse), user = buildUser()) {
  const api = mockApi({ 'GET /api/auth/session': { body: { user } }, 'GET /api/learning/courses': list });
  return { ...renderRoutes(createAppRoutes(), '/formations', APP_ROUTER_OPTIONS), ...api };
}

/** The query strings the list was asked with, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>['fetchMock']): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/learning/courses')
    .map((url) => url.searchParams);
}

describe('/formations', () => {
  it('shows each formation with its progress bar and status', async () => {
    renderCourses({
      body: buildCourseList([
        buildStudentCourse({ id: uuid(1), title: 'Sécurité au travail', progress: 50, completedLessons: 2 }),
        buildStudentCourse({ id: uuid(2), title: 'Bureautique', progress: 0, completedLessons: 0 }),
        buildStudentCourse({ id: uuid(3), title: 'Gestes de secours', progress: 100, completedLessons: 4 }),
        // 3 of 8 lessons and 1 of 2 quizzes passed: 40 %, where the lessons alone would give 38 %.
        buildStudentCourse({
          id: uuid(4),
          title: 'Excel',
          progress: 40,
          completedLessons: 3,
          totalLessons: 8,
        }),
      ]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes formations' })).toBeTruthy();
    const bar = await screen.findByRole('progressbar', { name: 'Progression\u00a0: Sécurité au travail' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')?.replace(/\s/g, ' ')).toBe('50 %, 2 leçons terminées sur 4');
    expect(
      screen
        .getByRole('progressbar', { name: 'Progression\u00a0: Excel' })
        .getAttribute('aria-valuetext')
        ?.replace(/\s/g, ' '),
    ).toBe('40 %, 3 leçons terminées sur 8 · quiz réussis compris');
    expect(
      screen
        .getByRole('progressbar', { name: 'Progression\u00a0: Gestes de secours' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    const card = (title: string) =>
      screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;
    expect(within(card('Sécurité au travail')).getByText('En cours')).toBeTruthy();
    expect(within(card('Bureautique')).getByText('Non commencée')).toBeTruthy();
    expect(within(card('Gestes de secours')).getByText('Terminée')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sécurité au travail' }).getAttribute('href')).toBe(
      `/formations/${uuid(1)}`,
    );
    expect(screen.getByText('4 formations')).toBeTruthy();
  });

  it('keeps a locked formation visible but closed, and says why', async () => {
    renderCourses({
      body: buildCourseList([
        buildStudentCourse({ id: uuid(1), title: 'Formation ouverte' }),
        buildStudentCourse({ id: uuid(2), title: 'Formation fermée', isLocked: true }),
      ]),
    });
    const heading = await screen.findByRole('heading', { name: 'Formation fermée' });
    const card = heading.closest('article') as HTMLElement;
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByText('Verrouillée')).toBeTruthy();
    expect(within(card).getByText(/Verrouillée par votre organisme de formation/)).toBeTruthy();
    // Its progress is still shown.
    expect(within(card).getByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Formation ouverte' })).toBeTruthy();
  });

  it('searches as the learner types, from the first page', async () => {
    const { fetchMock, router } = renderCourses({
      body: buildCourseList([buildStudentCourse({ title: 'Sécurité au travail' })]),
    });
    await screen.findByRole('link', { name: 'Sécurité au travail' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher une formation' }), {
      target: { value: 'sécu' },
    });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('search')).toBe('sécu'));
    expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?search=s%C3%A9cu');
  });

  it('pages through many formations', async () => {
    const { fetchMock } = renderCourses({
      body: buildCourseList([buildStudentCourse()], { total: 30, page: 1, pageSize: 12 }),
    });
    expect(await screen.findByText('Page 1 sur 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Page précédente' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('2'));
  });

  it('says when the learner has no formation (EMPTY_COURSES)', async () => {
    renderCourses({ body: buildCourseList([], { emptyReason: 'EMPTY_COURSES' }) });
    expect(await screen.findByText('Aucune formation pour le moment')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('explains how to get an organisation, without asking for formations', async () => {
    const { calls } = renderCourses(
      { body: buildCourseList([]) },
      buildUser({ organizationId: null, organizationName: null }),
    );
    expect(await screen.findByText("Vous n'êtes rattaché à aucun organisme")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Que faire\u202f?' }).getAttribute('href')).toBe(
      '/assign-organization',
    );
    expect(calls.some((call) => call.path === '/api/learning/courses')).toBe(false);
  });

  it('shows NO_ORGANIZATION from the server the same way', async () => {
    renderCourses(apiError('NO_ORGANIZATION', 409));
    expect(await screen.findByText("Vous n'êtes rattaché à aucun organisme")).toBeTruthy();
  });

  it('shows a failed load with a retry that asks again', async () => {
    let attempts = 0;
    renderCourses(() => {
      attempts += 1;
      // The query client retries a server error once, so the first two answers fail.
      return attempts <= 2
        ? apiError('SERVER_ERROR', 500)
        : { body: buildCourseList([buildStudentCourse({ title: 'Revenue' })]) };
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur du serveur, réessayez dans quelques instants')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Revenue' })).toBeTruthy();
  });
});
