import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { ResetStudentTimeButton, ResetTotalTimeButton } from './reset-student-time-button';

const STUDENT = 'student-1';

/** The time-tracking calls only (the providers ask for the session too). */
const resetCalls = (calls: { method: string; path: string }[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/time-tracking/'))
    .map((call) => `${call.method} ${call.path}`);

describe('ResetStudentTimeButton', () => {
  it('is hidden from students (SPEC 6)', () => {
    mockApi({});
    renderWithProviders(
      <ResetStudentTimeButton studentId={STUDENT} studentName="Ana Lopez" viewerRole="student" />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('resets the current session after confirmation', async () => {
    const { calls } = mockApi({
      [`POST /api/time-tracking/students/${STUDENT}/reset-session`]: { body: { closedSessionCount: 1 } },
    });
    renderWithProviders(
      <ResetStudentTimeButton studentId={STUDENT} studentName="Ana Lopez" viewerRole="trainer" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser la session en cours' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Réinitialiser la session en cours\u202f?' });
    expect(dialog.textContent).toContain('Ana Lopez');
    expect(dialog.textContent).toContain('durée de 0');
    expect(resetCalls(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('1 session réinitialisée')).toBeTruthy();
    expect(resetCalls(calls)).toEqual([`POST /api/time-tracking/students/${STUDENT}/reset-session`]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('does nothing when cancelled', () => {
    const { calls } = mockApi({});
    renderWithProviders(
      <ResetStudentTimeButton studentId={STUDENT} studentName="Ana Lopez" viewerRole="admin" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser la session en cours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(resetCalls(calls)).toEqual([]);
  });

  it('says cannotResetSession when the reset fails', async () => {
    mockApi({ [`POST /api/time-tracking/students/${STUDENT}/reset-session`]: apiError('SERVER_ERROR', 500) });
    renderWithProviders(
      <ResetStudentTimeButton studentId={STUDENT} studentName="Ana Lopez" viewerRole="trainer" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser la session en cours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Impossible de réinitialiser la session')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});

describe('ResetTotalTimeButton', () => {
  it('is for admins only (SPEC 6)', () => {
    mockApi({});
    renderWithProviders(
      <ResetTotalTimeButton studentId={STUDENT} studentName="Ana Lopez" viewerRole="trainer" />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('resets the total time after confirmation', async () => {
    const { calls } = mockApi({
      [`POST /api/time-tracking/students/${STUDENT}/reset-total`]: {
        body: {
          success: true,
          deletedSessionCount: 4,
          totals: { totalTimeSeconds: 0, totalHours: 0, remainingMinutes: 0, updatedAt: null },
        },
      },
    });
    renderWithProviders(
      <ResetTotalTimeButton studentId={STUDENT} studentName="Ana Lopez" viewerRole="admin" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le temps total' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('définitive');
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Temps total réinitialisé')).toBeTruthy();
    expect(resetCalls(calls)).toEqual([`POST /api/time-tracking/students/${STUDENT}/reset-total`]);
  });

  it('says so when the total reset fails', async () => {
    mockApi({ [`POST /api/time-tracking/students/${STUDENT}/reset-total`]: apiError('NOT_AUTHORIZED', 403) });
    renderWithProviders(
      <ResetTotalTimeButton studentId={STUDENT} studentName="Ana Lopez" viewerRole="admin" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le temps total' }));
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Impossible de réinitialiser le temps total')).toBeTruthy();
  });
});
