import type { StudentExercise, StudentExerciseList } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { StudentExercises } from './student-exercises';

const EXERCISE_ID = '7b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

function exercise(overrides: Partial<StudentExercise> = {}): StudentExercise {
  return {
    id: EXERCISE_ID,
    courseId: '1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
    courseTitle: 'Excel : les fondamentaux',
    moduleId: null,
    moduleTitle: null,
    title: 'Calculer un budget mensuel',
    instructions: 'Utilisez SOMME et SI.',
    dueAt: '2020-01-15T17:00:00.000Z',
    submissionType: 'text',
    createdAt: '2019-12-01T09:00:00.000Z',
    updatedAt: '2019-12-01T09:00:00.000Z',
    submission: null,
    ...overrides,
  };
}

const page = (items: StudentExercise[]): StudentExerciseList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
});

describe('the learner exercises screen', () => {
  it('hands in a written answer, then shows it handed in', async () => {
    let handedIn = false;
    const { calls } = mockApi({
      'GET /api/exercises': () => ({
        body: page([
          handedIn
            ? exercise({
                submission: {
                  id: '9b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
                  exerciseId: EXERCISE_ID,
                  studentId: 'user-1',
                  studentName: 'Ana Lopez',
                  text: 'SOMME(B2:B9)',
                  file: null,
                  status: 'submitted',
                  feedback: null,
                  submittedAt: '2026-11-23T09:00:00.000Z',
                  reviewedAt: null,
                },
              })
            : exercise(),
        ]),
      }),
      [`POST /api/exercises/${EXERCISE_ID}/submission`]: (call) => {
        handedIn = true;
        return {
          body: {
            id: '9b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
            exerciseId: EXERCISE_ID,
            studentId: 'user-1',
            studentName: 'Ana Lopez',
            text: (call.body as { text: string }).text,
            file: null,
            status: 'submitted',
            feedback: null,
            submittedAt: '2026-11-23T09:00:00.000Z',
            reviewedAt: null,
          },
        };
      },
    });
    renderWithProviders(<StudentExercises hasOrganization />);
    const card = (await screen.findByRole('heading', { name: 'Calculer un budget mensuel' })).closest('li')!;
    expect(within(card).getByText('En retard')).toBeTruthy();
    expect(within(card).getByText('À faire')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Rendre mon travail' }));
    expect(await within(card).findByText('Écrivez une réponse ou joignez un fichier.')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Votre réponse'), { target: { value: 'SOMME(B2:B9)' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Rendre mon travail' }));
    await waitFor(() => expect(within(card).getByText('Rendu')).toBeTruthy());
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({ text: 'SOMME(B2:B9)', fileId: null });
    expect(within(card).queryByText('En retard')).toBeNull();
  });

  it('shows the feedback of a reviewed submission, which can no longer change', async () => {
    mockApi({
      'GET /api/exercises': {
        body: page([
          exercise({
            submission: {
              id: '9b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
              exerciseId: EXERCISE_ID,
              studentId: 'user-1',
              studentName: 'Ana Lopez',
              text: 'SOMME(B2:B9)',
              file: null,
              status: 'reviewed',
              feedback: 'Très bien.',
              submittedAt: '2026-11-20T09:00:00.000Z',
              reviewedAt: '2026-11-21T09:00:00.000Z',
            },
          }),
        ]),
      },
    });
    renderWithProviders(<StudentExercises hasOrganization />);
    expect(await screen.findByText('Très bien.')).toBeTruthy();
    expect(screen.getByText('Corrigé')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rendre/ })).toBeNull();
  });

  it('says when there is no exercise yet', async () => {
    mockApi({ 'GET /api/exercises': { body: page([]) } });
    renderWithProviders(<StudentExercises hasOrganization />);
    expect(await screen.findByText('Aucun exercice pour le moment')).toBeTruthy();
  });
});
