import type { StudentQuestion, TrainerQuestionList } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { QuestionsHub } from './questions-hub';

const QUESTION_ID = '5c0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

function question(overrides: Partial<StudentQuestion> = {}): StudentQuestion {
  return {
    id: QUESTION_ID,
    organizationId: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11',
    studentId: 'student-1',
    studentName: 'Léa Martin',
    trainerId: null,
    trainerName: null,
    subject: 'Accès au module 2',
    message: 'Je ne vois pas le module 2.',
    category: 'technical',
    status: 'pending',
    courseId: null,
    courseTitle: null,
    lessonId: null,
    lessonTitle: null,
    replyCount: 0,
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

const COUNTS = { all: 2, pending: 1, answered: 1, assigned: 0, mine: 0 };

describe('the trainers’ questions hub', () => {
  it('shows each tab with its count and asks the server for the tab chosen', async () => {
    let listed = 0;
    const { fetchMock } = mockApi({
      'GET /api/trainer/student-questions': () => {
        listed += 1;
        // The first list is tab 'all'; the next one, the tab chosen below.
        const items =
          listed === 1
            ? [question()]
            : [
                question({
                  id: 'a0000000-0000-4000-8000-000000000001',
                  subject: 'Attestation',
                  status: 'answered',
                }),
              ];
        const body: TrainerQuestionList = {
          items,
          total: items.length,
          page: 1,
          pageSize: 20,
          counts: COUNTS,
        };
        return { body };
      },
    });
    renderWithProviders(<QuestionsHub isAdmin={false} />);
    const tabs = await screen.findByRole('tablist', { name: 'Filtrer les questions' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Pour moi (2)' })).toBeTruthy());
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Pour moi (2)', 'En attente (1)', 'Répondues (1)', 'Assignées (0)', 'Mes assignées (0)']);
    // A trainer's first tab is their own queue, and says so.
    expect(
      screen.getByText(
        'Les questions qui vous sont assignées, et celles en attente que personne n’a encore prises.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Accès au module 2')).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Répondues (1)' }));
    expect(await screen.findByText('Attestation')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.includes('tab=all'))).toBe(true);
    expect(urls.some((url) => url.includes('tab=answered'))).toBe(true);
    expect(within(tabs).getByRole('tab', { name: 'Répondues (1)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('names the first tab "Toutes" for an admin, for whom it holds every question', async () => {
    mockApi({
      'GET /api/trainer/student-questions': {
        body: { items: [question()], total: 2, page: 1, pageSize: 20, counts: COUNTS },
      },
    });
    renderWithProviders(<QuestionsHub isAdmin />);
    const tabs = await screen.findByRole('tablist', { name: 'Filtrer les questions' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Toutes (2)' })).toBeTruthy());
    expect(screen.queryByText(/celles en attente que personne/)).toBeNull();
  });

  it('opens a question in the detail pane with its status and assignment', async () => {
    mockApi({
      'GET /api/trainer/student-questions': {
        body: { items: [question()], total: 1, page: 1, pageSize: 20, counts: COUNTS },
      },
      [`GET /api/trainer/student-questions/${QUESTION_ID}`]: {
        body: {
          ...question(),
          replies: [
            {
              id: 'b0000000-0000-4000-8000-000000000001',
              questionId: QUESTION_ID,
              message: 'Il s’ouvre après le module 1.',
              responderId: 'trainer-1',
              responderName: 'Julien Moreau',
              isFromStudent: false,
              createdAt: '2026-11-26T10:00:00.000Z',
            },
          ],
        },
      },
      'GET /api/trainer/student-questions/trainers': {
        body: { items: [{ id: 'trainer-1', fullName: 'Julien Moreau' }] },
      },
    });
    renderWithProviders(<QuestionsHub isAdmin={false} />);
    fireEvent.click(await screen.findByRole('button', { name: /Accès au module 2/ }));
    expect(await screen.findByText('Il s’ouvre après le module 1.')).toBeTruthy();
    expect((screen.getByLabelText('Statut') as HTMLSelectElement).value).toBe('pending');
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Formateur assigné')).getByRole('option', { name: 'Julien Moreau' }),
      ).toBeTruthy(),
    );
  });
});
