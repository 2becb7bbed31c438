import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCourseList, buildLearnerCourse, uuid } from '@/features/learning/testing/fixtures';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { createAppRoutes } from '../../router';

describe('/dashboard (Mon Suivi)', () => {
  it('shows active and completed formations with their progress and the progression score', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: buildUser() } },
      'GET /api/learning/courses': {
        body: buildCourseList([
          buildLearnerCourse({
            id: uuid(1),
            title: 'Sécurité au travail',
            progress: 50,
            completedLessons: 2,
          }),
          buildLearnerCourse({ id: uuid(2), title: 'Gestes de secours', progress: 100, completedLessons: 4 }),
        ]),
      },
    });
    renderRoutes(createAppRoutes(), '/dashboard');
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
        .getByRole('progressbar', { name: 'Progression : Gestes de secours' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    const score = screen.getByText('Score de progression').closest('div')!;
    expect(within(score).getByText(/75\s%/)).toBeTruthy();
  });

  it('keeps its empty state when no formation is assigned', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: buildUser() } },
      'GET /api/learning/courses': { body: buildCourseList([], { emptyReason: 'EMPTY_COURSES' }) },
    });
    renderRoutes(createAppRoutes(), '/dashboard');
    expect(await screen.findByText('Aucune formation pour le moment')).toBeTruthy();
  });
});
