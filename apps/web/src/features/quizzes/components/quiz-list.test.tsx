import type { QuizSummary } from '@cursus/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { QuizList } from './quiz-list';

const SESSION = { 'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } } };

function quiz(id: string, title: string, place: Partial<QuizSummary>): QuizSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    organizationId: '00000000-0000-4000-8000-0000000000a1',
    organizationName: 'Organisme de démonstration',
    title,
    description: '',
    passingScore: 70,
    isActive: true,
    dueAt: null,
    timeLimitMinutes: null,
    courseId: null,
    courseTitle: null,
    moduleId: null,
    moduleTitle: null,
    groupSessionId: null,
    groupSessionTitle: null,
    maxAttempts: null,
    createdAt: '2026-11-02T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    questionCount: 4,
    attemptCount: 0,
    ...place,
  };
}

describe('QuizList', () => {
  it('says where each quiz is taken: its formation, its group session, both, or neither', async () => {
    const items = [
      quiz('1', 'Quiz du module', {
        courseId: '00000000-0000-4000-8000-0000000000c1',
        courseTitle: 'Excel : les fondamentaux',
        moduleId: '00000000-0000-4000-8000-0000000000d1',
        moduleTitle: 'Formules',
      }),
      quiz('2', 'Quiz de l’atelier', {
        groupSessionId: '00000000-0000-4000-8000-0000000000e1',
        groupSessionTitle: 'Atelier tableaux croisés',
      }),
      quiz('3', 'Quiz des deux', {
        courseId: '00000000-0000-4000-8000-0000000000c1',
        courseTitle: 'Excel : les fondamentaux',
        groupSessionId: '00000000-0000-4000-8000-0000000000e1',
        groupSessionTitle: 'Atelier tableaux croisés',
      }),
      quiz('4', 'Quiz libre', {}),
    ];
    mockApi({
      ...SESSION,
      'GET /api/quizzes': { body: { items, total: items.length, page: 1, pageSize: 20 } },
    });
    renderWithProviders(<QuizList />, '/trainer/quizzes');
    const itemOf = async (title: string) =>
      (await screen.findByRole('heading', { name: title })).closest('li') as HTMLElement;

    expect(
      within(await itemOf('Quiz du module')).getByText(
        'Formation : Excel : les fondamentaux · module Formules',
      ),
    ).toBeTruthy();
    expect(
      within(await itemOf('Quiz de l’atelier')).getByText('Session de groupe : Atelier tableaux croisés'),
    ).toBeTruthy();
    expect(
      within(await itemOf('Quiz des deux')).getByText(
        'Formation : Excel : les fondamentaux · Session de groupe : Atelier tableaux croisés',
      ),
    ).toBeTruthy();
    expect(
      within(await itemOf('Quiz libre')).getByText('Rattaché à aucune formation ni session'),
    ).toBeTruthy();
  });
});
