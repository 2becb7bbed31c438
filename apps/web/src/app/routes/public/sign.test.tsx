import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

const QR = 'q.7d1b2f3e-1111-4222-8333-444455556666.59000000.mac0123456789';
const LINK = 'Zq3x_link-token-0123456789abcdefghijklmnop';

describe('/sign/{token}', () => {
  it('sends a signed-out visitor with a room code to sign in, and back to the code', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    const { router } = renderRoutes(createAppRoutes(), `/sign/${QR}`, APP_ROUTER_OPTIONS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur Cursus' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`/sign/${QR}`);
  });

  it('checks a room code for a signed-in learner', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { body: { user: buildUser({ role: 'student' }) } },
      'POST /api/attendance/qr/check': apiError('QR_CODE_EXPIRED', 410),
    });
    renderRoutes(createAppRoutes(), `/sign/${QR}`, APP_ROUTER_OPTIONS);
    expect(await screen.findByText('QR code expiré')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/attendance/qr/check')).toBe(true);
  });

  it('opens an emailed link without an account', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      [`GET /api/attendance/sign/${LINK}`]: apiError('SIGNING_LINK_INVALID', 404),
    });
    renderRoutes(createAppRoutes(), `/sign/${LINK}`, APP_ROUTER_OPTIONS);
    expect(await screen.findByText('Lien déjà utilisé ou non valable')).toBeTruthy();
  });
});
