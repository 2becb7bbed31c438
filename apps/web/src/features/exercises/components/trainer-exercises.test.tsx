import type { TrainerExercise } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { TrainerExercises } from './trainer-exercises';

const COURSE_ID = '1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const EXERCISE_ID = '7b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const SUBMISSION_ID = '9b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

const exercise: TrainerExercise = {
  id: EXERCISE_ID,
  courseId: COURSE_ID,
  courseTitle: 'Excel',
  moduleId: null,
  moduleTitle: null,
  title: 'Budget mensuel',
  instructions: 'Utilisez SOMME.',
  dueAt: null,
  submissionType: 'text_or_file',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  submissionCounts: { submitted: 1, reviewed: 0, toRedo: 0 },
};

const submission = {
  id: SUBMISSION_ID,
  exerciseId: EXERCISE_ID,
  studentId: 'student-1',
  studentName: 'Léa Martin',
  text: 'SOMME(B2:B9)',
  file: null,
  status: 'submitted',
  feedback: null,
  submittedAt: '2026-11-22T09:00:00.000Z',
  reviewedAt: null,
};

function mockTrainerApi() {
  return mockApi({
    'GET /api/trainer/exercises': { body: { items: [exercise], total: 1, page: 1, pageSize: 10 } },
    'GET /api/courses': {
      body: { items: [{ id: COURSE_ID, title: 'Excel' }], total: 1, page: 1, pageSize: 100 },
    },
    [`GET /api/trainer/exercises/${EXERCISE_ID}/submissions`]: {
      body: { exercise, items: [submission] },
    },
    [`PATCH /api/trainer/exercises/${EXERCISE_ID}`]: (call) => ({
      body: { ...exercise, ...(call.body as object) },
    }),
    [`POST /api/trainer/exercise-submissions/${SUBMISSION_ID}/review`]: (call) => ({
      body: { ...submission, ...(call.body as object), reviewedAt: '2026-11-23T09:00:00.000Z' },
    }),
  });
}

describe('the trainer exercises screen', () => {
  it('opens the work of the exercise a notification names, and sends the review', async () => {
    const { calls } = mockTrainerApi();
    renderWithProviders(<TrainerExercises openExerciseId={EXERCISE_ID} />);
    const panel = await screen.findByRole('region', { name: 'Rendus' });
    expect(await within(panel).findByText('Léa Martin')).toBeTruthy();
    expect(screen.getByText('1 à corriger · 0 à refaire · 0 corrigé')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Décision'), { target: { value: 'to_redo' } });
    fireEvent.change(within(panel).getByLabelText("Retour à l'apprenant"), {
      target: { value: 'Ajoutez la moyenne.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Enregistrer la correction' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      status: 'to_redo',
      feedback: 'Ajoutez la moyenne.',
    });
  });

  it('asks for the fields a new exercise needs before sending it', async () => {
    const { calls } = mockTrainerApi();
    renderWithProviders(<TrainerExercises openExerciseId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvel exercice' }));
    fireEvent.click(await screen.findByRole('button', { name: "Créer l'exercice" }));
    const form = screen.getByRole('region', { name: 'Nouvel exercice' });
    await waitFor(() => expect(within(form).getAllByText('Champ requis').length).toBeGreaterThan(0));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits an exercise in place, keeping its formation', async () => {
    const { calls } = mockTrainerApi();
    renderWithProviders(<TrainerExercises openExerciseId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Budget mensuel' }));
    const form = await screen.findByRole('region', { name: 'Modifier «\u00a0Budget mensuel\u00a0»' });
    expect((within(form).getByLabelText('Formation') as HTMLSelectElement).disabled).toBe(true);
    const title = within(form).getByLabelText('Titre') as HTMLInputElement;
    expect(title.value).toBe('Budget mensuel');
    fireEvent.change(title, { target: { value: 'Budget trimestriel' } });
    fireEvent.change(within(form).getByLabelText('Date limite (facultative)'), {
      target: { value: '2026-12-04T18:00' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const body = calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Budget trimestriel',
      instructions: 'Utilisez SOMME.',
      moduleId: null,
    });
    expect(body.dueAt).toBe(new Date('2026-12-04T18:00').toISOString());
    expect(body).not.toHaveProperty('courseId');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Modifier « Budget mensuel »' })).toBeNull(),
    );
  });

  it('asks before deleting an exercise', async () => {
    mockTrainerApi();
    renderWithProviders(<TrainerExercises openExerciseId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Budget mensuel' }));
    expect(
      await screen.findByRole('alertdialog', {
        name: "Supprimer l'exercice «\u00a0Budget mensuel\u00a0»\u202f?",
      }),
    ).toBeTruthy();
  });
});
