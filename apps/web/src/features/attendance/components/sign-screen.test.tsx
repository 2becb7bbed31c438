import type { SigningContext } from '@cursus/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { lastFakePad } from '@/testing/fake-signature-pad';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { SignScreen } from './sign-screen';

/** What a finger does on the pad (testing/fake-signature-pad.ts, which the test setup puts in place). */
const draw = () => act(() => lastFakePad().draw());

const LINK = 'Zq3x_link-token-0123456789abcdefghijklmnop';
const QR = 'q.7d1b2f3e-1111-4222-8333-444455556666.59000000.mac0123456789';
const hours = (count: number) => new Date(Date.now() + count * 3_600_000).toISOString();

function context(overrides: Partial<SigningContext> = {}): SigningContext {
  return {
    method: 'link',
    sessionTitle: 'Excel avancé',
    period: 'morning',
    startsAt: hours(-1),
    endsAt: hours(2),
    closesAt: hours(2.5),
    hasStarted: true,
    ...overrides,
  };
}

const session = { 'GET /api/auth/session': { body: { user: null } } };

beforeEach(async () => {
  await changeLanguage('fr');
});
afterEach(async () => {
  await changeLanguage('fr');
});

describe('SignScreen', () => {
  it('shows what is signed, refuses an empty pad, then signs once through the link', async () => {
    const { calls } = mockApi({
      ...session,
      [`GET /api/attendance/sign/${LINK}`]: { body: context() },
      [`POST /api/attendance/sign/${LINK}`]: {
        body: { signedAt: '2026-11-26T09:12:00.000Z', hash: 'ab'.repeat(32) },
      },
    });
    renderWithProviders(<SignScreen token={LINK} />);
    expect(await screen.findByText('Excel avancé')).toBeTruthy();
    expect(screen.getByText('Matin')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Signer ma présence' }));
    expect(await screen.findByText(/Le cadre est vide/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    draw();
    fireEvent.click(screen.getByRole('button', { name: 'Signer ma présence' }));
    expect(await screen.findByText('Présence signée')).toBeTruthy();
    expect(screen.getByText(/Votre signature a été enregistrée le/)).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({ body: { signature: `data:image/png;base64,${btoa('strokes:1')}` } }),
    ]);
  });

  it.each([
    ['SIGNING_LINK_INVALID', 404, 'Lien déjà utilisé ou non valable'],
    ['SIGNING_CLOSED', 410, 'Émargement clos'],
  ])('explains a link answered %s', async (code, status, title) => {
    mockApi({ ...session, [`GET /api/attendance/sign/${LINK}`]: apiError(code, status) });
    renderWithProviders(<SignScreen token={LINK} />);
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Signature impossible' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Signer ma présence' })).toBeNull();
  });

  it('checks a scanned code for the signed-in learner and says when it has expired', async () => {
    const { calls } = mockApi({
      ...session,
      'POST /api/attendance/qr/check': apiError('QR_CODE_EXPIRED', 410),
    });
    renderWithProviders(<SignScreen token={QR} />);
    expect(await screen.findByText('QR code expiré')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/attendance/qr/check')?.body).toEqual({ code: QR });
  });

  it('signs through a scanned code, and says so when the half-day is already signed', async () => {
    const { calls } = mockApi({
      ...session,
      'POST /api/attendance/qr/check': { body: context({ method: 'qr', period: 'afternoon' }) },
      'POST /api/attendance/qr/sign': apiError('ALREADY_SIGNED', 409),
    });
    renderWithProviders(<SignScreen token={QR} />);
    expect(await screen.findByText('Après-midi')).toBeTruthy();
    draw();
    fireEvent.click(screen.getByRole('button', { name: 'Signer ma présence' }));
    expect(await screen.findByText('Déjà signé')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/attendance/qr/sign')?.body).toEqual({
      code: QR,
      signature: `data:image/png;base64,${btoa('strokes:1')}`,
    });
  });

  it('does not offer the pad before the half-day opens', async () => {
    mockApi({
      ...session,
      [`GET /api/attendance/sign/${LINK}`]: {
        body: context({ startsAt: hours(20), endsAt: hours(24), closesAt: hours(24.5), hasStarted: false }),
      },
    });
    renderWithProviders(<SignScreen token={LINK} />);
    expect(await screen.findByText('Émargement pas encore ouvert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Signer ma présence' })).toBeNull();
  });

  it('speaks English to an English reader', async () => {
    await changeLanguage('en');
    mockApi({ ...session, [`GET /api/attendance/sign/${LINK}`]: apiError('SIGNING_CLOSED', 410) });
    renderWithProviders(<SignScreen token={LINK} />);
    expect(await screen.findByText('Signing closed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Cannot sign' })).toBeTruthy();
  });
});
