import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMyDashboard } from '@/features/dashboard/testing/build-dashboard';
import { buildCourseList, buildStudentCourse, uuid } from '@/features/learning/testing/fixtures';
import { apiError, buildUser, type MockResponse, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

// Intl separates numbers from units with no-break spaces; compare the words, not the space flavour.
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function renderDashboard(dashboard: MockResponse | (() => MockResponse), courses = buildCourseList([])) {
  const api = mockApi({
    'GET /api/auth/session': { body: { user: buildUser() } },
    'GET /api/learning/courses': { body: courses },
    'GET /api/time-tracking/dashboard': dashboard,
    'GET /api/evaluations/mine': { body: { items: [] } },
  });
  return { ...api, ...renderRoutes(createAppRoutes(), '/dashboard', APP_ROUTER_OPTIONS) };
}

describe('/dashboard (Mon Suivi)', () => {
  it('shows active and completed formations with their progress and the progression score', async () => {
    renderDashboard(
      { body: buildMyDashboard() },
      buildCourseList([
        buildStudentCourse({
          id: uuid(1),
          title: 'Sécurité au travail',
          progress: 50,
          completedLessons: 2,
        }),
        buildStudentCourse({ id: uuid(2), title: 'Gestes de secours', progress: 100, completedLessons: 4 }),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon Suivi' })).toBeTruthy();
    const active = (await screen.findByRole('heading', { level: 2, name: 'Formations en cours' })).closest(
      'section',
    )!;
    expect(within(active).getByRole('link', { name: 'Sécurité au travail' })).toBeTruthy();
    expect(within(active).queryByText('Gestes de secours')).toBeNull();
    const completed = screen
      .getByRole('heading', { level: 2, name: 'Formations terminées' })
      .closest('section')!;
    expect(
      within(completed)
        .getByRole('progressbar', { name: 'Progression\u00a0: Gestes de secours' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    const score = screen.getByText('Score de progression').closest('div')!;
    expect(within(score).getByText(/75\s%/)).toBeTruthy();
  });

  it('keeps its empty state when no formation is assigned', async () => {
    renderDashboard({ body: buildMyDashboard() }, buildCourseList([], { emptyReason: 'EMPTY_COURSES' }));
    expect(await screen.findByText('Aucune formation pour le moment')).toBeTruthy();
  });

  it("shows today's, this week's and the total tracked time, localised", async () => {
    renderDashboard({
      body: buildMyDashboard({
        time: {
          todaySeconds: 2 * 3600 + 15 * 60 + 40,
          weekSeconds: 5 * 3600,
          totalSeconds: 42 * 3600 + 5 * 60,
        },
      }),
    });
    const section = (
      await screen.findByRole('heading', { level: 2, name: "Mon temps d'apprentissage" })
    ).closest('section')!;
    const value = (label: string) =>
      plain(within(section).getByText(label).closest('div')!.querySelector('dd')!.textContent);
    expect(value("Aujourd'hui")).toBe('2 h 15 min');
    expect(value('Cette semaine')).toBe('5 h');
    expect(value('Au total')).toBe('42 h 5 min');
  });

  it('shows the weekly goal with its progress bar and the hours left', async () => {
    renderDashboard({
      body: buildMyDashboard({
        time: { weekSeconds: 5 * 3600, totalSeconds: 9 * 3600 },
        weeklyGoal: { goalHours: 20, goalSeconds: 20 * 3600, doneSeconds: 5 * 3600, progressPercent: 25 },
      }),
    });
    const bar = await screen.findByRole('progressbar', { name: "Progression de l'objectif hebdomadaire" });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(plain(bar.getAttribute('aria-valuetext'))).toBe('25 %, 5 h sur 20 h');
    const goal = screen.getByRole('heading', { level: 2, name: 'Objectif hebdomadaire' }).closest('section')!;
    expect(plain(goal.textContent)).toContain('Encore 15 h pour atteindre votre objectif de la semaine.');
    expect(plain(goal.textContent)).toContain('Objectif de 20 heures par semaine');
  });

  it('says so when nothing has been tracked yet', async () => {
    renderDashboard({ body: buildMyDashboard() });
    expect(await screen.findByText('Pas encore de temps suivi')).toBeTruthy();
    expect(screen.queryByText("Aujourd'hui")).toBeNull();
    expect(screen.getByText("Aucune recommandation pour l'instant : vous êtes à jour.")).toBeTruthy();
  });

  it('congratulates a learner who reached the goal', async () => {
    renderDashboard({
      body: buildMyDashboard({
        time: { weekSeconds: 21 * 3600, totalSeconds: 30 * 3600 },
        weeklyGoal: { doneSeconds: 21 * 3600, progressPercent: 100 },
      }),
    });
    expect(await screen.findByText('Objectif atteint cette semaine : bravo !')).toBeTruthy();
  });

  it('lists the recommendations by priority, high first, each with a link to act', async () => {
    renderDashboard({
      body: buildMyDashboard({
        time: { weekSeconds: 3600, totalSeconds: 3600 },
        // Deliberately out of order: the screen groups them itself.
        recommendations: [
          {
            rule: 'formation_almost_complete',
            priority: 'low',
            courseId: uuid(3),
            courseTitle: 'Gestes de secours',
            value: 85,
          },
          {
            rule: 'weekly_goal_behind',
            priority: 'medium',
            courseId: null,
            courseTitle: null,
            value: 2 * 3600 + 30 * 60,
          },
          {
            rule: 'formation_untouched',
            priority: 'high',
            courseId: uuid(1),
            courseTitle: 'Sécurité au travail',
            value: 9,
          },
        ],
      }),
    });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Recommandations' })).closest(
      'section',
    )!;
    const groups = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(groups).toEqual(['Priorité haute', 'Priorité moyenne', 'Priorité basse']);

    const group = (name: string) =>
      within(section).getByRole('heading', { level: 3, name }).closest('section')!;
    const high = group('Priorité haute');
    expect(within(high).getByText("« Sécurité au travail » n'a pas avancé depuis 9 jours.")).toBeTruthy();
    expect(
      within(high)
        .getByRole('link', { name: 'Reprendre la formation (Sécurité au travail)' })
        .getAttribute('href'),
    ).toBe(`/formations/${uuid(1)}`);

    const medium = group('Priorité moyenne');
    expect(plain(medium.textContent)).toContain(
      'Vous avez 2 h 30 min de retard sur le rythme de votre objectif hebdomadaire.',
    );
    expect(within(medium).getByRole('link', { name: 'Choisir une formation' }).getAttribute('href')).toBe(
      '/formations',
    );

    const low = group('Priorité basse');
    expect(plain(low.textContent)).toContain(
      'Vous y êtes presque : « Gestes de secours » est terminée à 85 %.',
    );
    expect(
      within(low)
        .getByRole('link', { name: /Terminer la formation/ })
        .getAttribute('href'),
    ).toBe(`/formations/${uuid(3)}`);
  });

  it('reports a failed read and asks again on retry', async () => {
    let calls = 0;
    renderDashboard(() => {
      calls += 1;
      return calls <= 2 ? apiError('SERVER_ERROR', 500) : { body: buildMyDashboard() };
    });
    // SPEC 9: the query retries once by itself before the page shows the error.
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    expect(screen.getByText("Impossible de charger votre temps d'apprentissage")).toBeTruthy();
    retry.click();
    expect(await screen.findByText('Pas encore de temps suivi')).toBeTruthy();
    expect(calls).toBe(3);
  });
});
