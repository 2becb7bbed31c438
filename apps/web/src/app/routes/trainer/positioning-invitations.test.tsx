import type { PositioningInvitation } from '@cursus/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCourse, page } from '@/features/courses/testing/build-course';
import { PositioningInvitations } from '@/features/quiz-access/components/positioning-invitations';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';

const COURSE_ID = '00000000-0000-4000-8000-0000000000c1';

const INVITATION: PositioningInvitation = {
  id: '00000000-0000-4000-8000-0000000000f1',
  email: 'thomas.girard@exemple.fr',
  courseId: COURSE_ID,
  courseTitle: 'Excel : les fondamentaux',
  quizId: '00000000-0000-4000-8000-0000000000b1',
  quizTitle: 'Positionnement : Excel',
  status: 'pending',
  sentAt: '2026-11-26T07:40:00.000Z',
  expiresAt: '2026-12-10T07:40:00.000Z',
  answeredAt: null,
  respondentName: null,
  attemptId: null,
  scorePercent: null,
  passed: null,
  student: null,
};

// The route's invitations tab, with the courses' test data (a feature's test may not import another's).
describe('/trainer/positioning, invitations', () => {
  it('lists every formation’s invitations until one is chosen, and says so in the filter', async () => {
    const { fetchMock } = mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } },
      'GET /api/courses': { body: page([buildCourse({ id: COURSE_ID, title: 'Excel : les fondamentaux' })]) },
      'GET /api/positioning/invitations': { body: page([INVITATION]) },
    });
    renderWithProviders(<PositioningInvitations />, '/trainer/positioning?tab=invitations');
    expect(await screen.findByText('thomas.girard@exemple.fr')).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Formation' }) as HTMLSelectElement;
    await waitFor(() => expect(filter.disabled).toBe(false));
    expect(filter.selectedOptions[0]?.textContent).toBe('Toutes les formations');

    fireEvent.change(filter, { target: { value: COURSE_ID } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) =>
          String(input).includes(`/api/positioning/invitations?page=1&pageSize=20&courseId=${COURSE_ID}`),
        ),
      ).toBe(true),
    );
  });
});
