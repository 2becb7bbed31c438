import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProgression, COURSE_ID, LESSON_3, MODULE_2 } from '@/features/learning/testing/fixtures';
import { changeLanguage } from '@/lib/i18n';
import { apiError, buildUser, type MockResponse, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

function renderProgression(progression: MockResponse) {
  mockApi({
    'GET /api/auth/session': { body: { user: buildUser() } },
    'GET /api/learning/progression': progression,
  });
  return renderRoutes(createAppRoutes(), '/progression', APP_ROUTER_OPTIONS);
}

const barValue = (name: string) => screen.getByRole('progressbar', { name }).getAttribute('aria-valuenow');

describe('/progression', () => {
  it('shows the progress of each formation and of each of its modules', async () => {
    renderProgression({ body: buildProgression() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Progression' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Par formation' })).toBeTruthy();
    expect(barValue('Progression\u00a0: Sécurité au travail')).toBe('75');
    const modules = screen.getByRole('list', { name: 'Modules de Sécurité au travail' });
    expect(
      within(modules)
        .getByRole('progressbar', { name: 'Progression\u00a0: Les risques' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(
      within(modules)
        .getByRole('progressbar', { name: 'Progression\u00a0: Les gestes' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(within(modules).getByText('1 leçon terminée sur 2')).toBeTruthy();
  });

  it('totals the lessons completed over all lessons', async () => {
    renderProgression({ body: buildProgression() });
    const lessons = (await screen.findByText('Leçons terminées')).closest('div') as HTMLElement;
    expect(within(lessons).getByText('3 / 4')).toBeTruthy();
    const average = screen.getByText('Progression moyenne').closest('div') as HTMLElement;
    expect(within(average).getByText(/75\s%/)).toBeTruthy();
  });

  it('lists recent completions with a localised date and a link to the lesson', async () => {
    renderProgression({ body: buildProgression() });
    const link = await screen.findByRole('link', { name: 'Alerter les secours' });
    expect(link.getAttribute('href')).toBe(`/formations/${COURSE_ID}/module/${MODULE_2}/lesson/${LESSON_3}`);
    expect(screen.getByText('il y a 2 heures')).toBeTruthy();
    await changeLanguage('en');
    expect(await screen.findByText('2 hours ago')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Latest completed lessons' })).toBeTruthy();
  });

  it('says there is nothing to show yet', async () => {
    renderProgression({
      body: buildProgression({
        summary: { courseCount: 0, completedCourseCount: 0, completedLessonCount: 0, averageProgress: 0 },
        courses: [],
        recentCompletions: [],
      }),
    });
    expect(await screen.findByText('Aucune progression à afficher')).toBeTruthy();
  });

  it('explains a missing organisation', async () => {
    renderProgression(apiError('NO_ORGANIZATION', 409));
    expect(await screen.findByText("Vous n'êtes rattaché à aucun organisme")).toBeTruthy();
  });
});
