import type { GroupSession } from '@cursus/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { TrainerGroupSessions } from './trainer-group-sessions';

const session: GroupSession = {
  id: '7b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  organizationId: '1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  courseId: null,
  courseTitle: null,
  title: 'Atelier tableaux croisés',
  description: '',
  meetingDate: '2026-12-01T08:00:00.000Z',
  durationMinutes: 90,
  location: 'Salle Lumière',
  meetingUrl: null,
  timing: 'upcoming',
  participantCount: 2,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

function mockTrainerApi() {
  return mockApi({
    'GET /api/trainer/group-sessions': { body: { items: [session], total: 1, page: 1, pageSize: 10 } },
    'GET /api/courses': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    'GET /api/trainer/group-session-learners': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
  });
}

describe('the trainer group sessions screen', () => {
  it('asks the server for the period and sort chosen, from page 1', async () => {
    const { fetchMock } = mockTrainerApi();
    renderWithProviders(<TrainerGroupSessions />);
    expect(await screen.findByRole('heading', { name: 'Atelier tableaux croisés' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Période'), { target: { value: 'ongoing' } });
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'title_asc' } });
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/trainer/group-sessions')
        .at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toMatchObject({
        filter: 'ongoing',
        sort: 'title',
        order: 'asc',
        page: '1',
      });
    });
    expect(screen.getByRole('link', { name: /Émargement/ }).getAttribute('href')).toBe(
      `/trainer/group-sessions/${session.id}/attendance`,
    );
  });

  it('refuses a session with neither place nor link, and a link that is not https, before sending', async () => {
    const { calls } = mockTrainerApi();
    renderWithProviders(<TrainerGroupSessions />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvelle session' }));
    fireEvent.change(screen.getByLabelText('Titre'), { target: { value: 'Atelier' } });
    fireEvent.change(screen.getByLabelText('Date et heure'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Programmer la session' }));
    expect(await screen.findByText('Indiquez un lieu ou un lien de visio.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Lien de la visio'), {
      target: { value: 'http://visio.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Programmer la session' }));
    await waitFor(() => expect(screen.queryByText('Indiquez un lieu ou un lien de visio.')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
