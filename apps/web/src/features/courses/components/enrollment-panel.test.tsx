import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { buildCandidate, buildEnrollment, page, testId } from '../testing/build-course';
import { EnrollmentPanel } from './enrollment-panel';

const COURSE_ID = testId();
const BASE = `/api/courses/${COURSE_ID}`;
const SESSION = { 'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } } };

const CANDIDATES = [
  buildCandidate({ id: 'student-1', fullName: 'Léa Martin', email: 'lea@example.org' }),
  buildCandidate({ id: 'student-2', fullName: 'Hugo Bernard', email: 'hugo@example.org' }),
  buildCandidate({ id: 'student-3', fullName: 'Inès Petit', email: 'ines@example.org', isEnrolled: true }),
];

describe('EnrollmentPanel', () => {
  it("shows each learner's progress and removes an enrolment after a confirmation", async () => {
    const { calls } = mockApi({
      ...SESSION,
      [`GET ${BASE}/enrollments`]: {
        body: page([
          buildEnrollment({
            studentId: 'student-3',
            fullName: 'Inès Petit',
            progress: 75,
            completedLessons: 3,
          }),
          // 2 of 8 lessons and no quiz of 2 passed: 20 %, where the lessons alone would give 25 %.
          buildEnrollment({
            studentId: 'student-4',
            fullName: 'Léa Martin',
            progress: 20,
            completedLessons: 2,
            totalLessons: 8,
          }),
        ]),
      },
      [`DELETE ${BASE}/enrollments/student-3`]: { body: { ok: true } },
    });
    renderWithProviders(<EnrollmentPanel courseId={COURSE_ID} courseTitle="Sécurité au travail" />);

    const bar = await screen.findByRole('progressbar', { name: 'Progression de Inès Petit' });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('3 leçons terminées sur 4')).toBeTruthy();
    expect(screen.getByText('2 leçons terminées sur 8 · quiz réussis compris')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Désinscrire Inès Petit/ }));
    const dialog = screen.getByRole('alertdialog', { name: "Désinscrire l'apprenant\u202f?" });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Désinscrire' }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
        `DELETE ${BASE}/enrollments/student-3`,
      ),
    );
  });

  it('enrols several students picked across searches, never the ones already enrolled', async () => {
    const { calls, fetchMock } = mockApi({
      ...SESSION,
      [`GET ${BASE}/enrollments`]: { body: page([]) },
      [`GET ${BASE}/enrollment-candidates`]: { body: page(CANDIDATES) },
      [`POST ${BASE}/enrollments`]: { body: { addedCount: 2, alreadyEnrolledCount: 0 } },
    });
    renderWithProviders(<EnrollmentPanel courseId={COURSE_ID} courseTitle="Sécurité au travail" />);

    fireEvent.click((await screen.findAllByRole('button', { name: 'Inscrire des apprenants' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Inscrire des apprenants' });
    // Focus starts in the search box.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Rechercher un apprenant'));

    const enrolled = await within(dialog).findByRole('checkbox', { name: /Inès Petit/ });
    expect((enrolled as HTMLInputElement).disabled).toBe(true);
    expect((enrolled as HTMLInputElement).checked).toBe(true);
    const submit = within(dialog).getByRole('button', { name: 'Inscrire' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Léa Martin/ }));
    fireEvent.change(within(dialog).getByLabelText('Rechercher un apprenant'), { target: { value: 'hugo' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input]) => new URL(String(input), 'http://localhost').searchParams.get('search') === 'hugo',
        ),
      ).toBe(true),
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Hugo Bernard/ }));
    expect(within(dialog).getByText('2 apprenants sélectionnés')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Inscrire 2 apprenants' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`${BASE}/enrollments`);
    expect(post?.body).toEqual({ studentIds: ['student-1', 'student-2'] });
  });

  it('closes the picker with Escape', async () => {
    mockApi({
      ...SESSION,
      [`GET ${BASE}/enrollments`]: { body: page([]) },
      [`GET ${BASE}/enrollment-candidates`]: { body: page(CANDIDATES) },
    });
    renderWithProviders(<EnrollmentPanel courseId={COURSE_ID} courseTitle="Sécurité au travail" />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Inscrire des apprenants' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Inscrire des apprenants' });
    fireEvent.keyDown(within(dialog).getByLabelText('Rechercher un apprenant'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
