import type { AttendanceSheet } from '@cursus/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { TrainerAttendance } from './trainer-attendance';

const SESSION = '5b7c1a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b';
const SLOT = '6c8d2b3f-4a5e-4f60-9bac-1d2e3f4a5b6c';
const SHEET: AttendanceSheet = {
  sessionId: SESSION,
  sessionTitle: 'Excel avancé',
  lateSigningMinutes: 30,
  chain: { isValid: true, signatureCount: 1, brokenAt: null },
  slots: [
    {
      id: SLOT,
      period: 'morning',
      startsAt: '2026-12-01T08:00:00.000Z',
      endsAt: '2026-12-01T12:00:00.000Z',
      closesAt: '2026-12-01T12:30:00.000Z',
      countersignature: null,
      entries: [
        {
          studentId: 'student-a',
          studentName: 'Alice Martin',
          status: 'attended',
          absenceReason: null,
          absenceFile: null,
          signature: {
            signedAt: '2026-12-01T08:12:00.000Z',
            method: 'qr',
            image: 'data:image/png;base64,iVBORw0KGgo=',
            hash: 'ab'.repeat(32),
          },
        },
        {
          studentId: 'student-b',
          studentName: 'Bruno Petit',
          status: null,
          absenceReason: null,
          absenceFile: null,
          signature: null,
        },
      ],
    },
  ],
};

const base = {
  'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } },
  [`GET /api/trainer/group-sessions/${SESSION}/attendance`]: { body: SHEET },
  'GET /api/trainer/attendance/settings': { body: { lateSigningMinutes: 30 } },
};

beforeEach(() => {
  mockApi(base);
});

describe('TrainerAttendance', () => {
  it('lists each learner with their state, the chain check and the PDF link', async () => {
    renderWithProviders(<TrainerAttendance sessionId={SESSION} />);
    const slot = await screen.findByRole('region', { name: /Matin/ });
    expect(within(slot).getByText('Alice Martin')).toBeTruthy();
    expect(within(slot).getByText(/Signé à .* \(QR code\)/)).toBeTruthy();
    expect(within(slot).getByText('En attente de signature')).toBeTruthy();
    expect(within(slot).getByText('1 signature sur 2 apprenants')).toBeTruthy();
    expect(screen.getByText('Chaîne de preuve intacte (1 signature)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger la feuille (PDF)' }).getAttribute('href')).toBe(
      `/api/trainer/group-sessions/${SESSION}/attendance/pdf`,
    );
  });

  it('asks before emailing the signing links, then sends them for the slot', async () => {
    const { calls } = mockApi({
      ...base,
      [`POST /api/trainer/attendance/slots/${SLOT}/links`]: { body: { sent: 1 } },
    });
    renderWithProviders(<TrainerAttendance sessionId={SESSION} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer les liens' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Envoyer les liens de signature\u202f?' });
    expect(within(dialog).getByText(/1 apprenant n’a pas encore signé/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('1 lien envoyé.')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/links'))).toHaveLength(1);
  });

  it('marks a learner absent with a reason', async () => {
    const { calls } = mockApi({
      ...base,
      [`PUT /api/trainer/attendance/slots/${SLOT}/learners/student-b`]: { body: { ok: true } },
    });
    renderWithProviders(<TrainerAttendance sessionId={SESSION} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Présence de Bruno Petit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Présence de Bruno Petit' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Absent' }));
    fireEvent.change(within(dialog).getByLabelText('Motif de l’absence'), {
      target: { value: 'Arrêt maladie' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Présence de Bruno Petit enregistrée.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      status: 'absent',
      absenceReason: 'Arrêt maladie',
      absenceFileId: null,
    });
  });

  it('says when the session is not found (another organisation’s answers the same)', async () => {
    mockApi({
      ...base,
      [`GET /api/trainer/group-sessions/${SESSION}/attendance`]: apiError('NOT_FOUND', 404),
    });
    renderWithProviders(<TrainerAttendance sessionId={SESSION} />);
    expect(await screen.findByText('Session introuvable')).toBeTruthy();
  });
});
