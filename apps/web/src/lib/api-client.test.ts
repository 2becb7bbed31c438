import { authRoutes, ErrorBodySchema } from '@cursus/contracts';
import { describe, expect, it, vi } from 'vitest';
import { apiError, buildUser, mockApi } from '@/testing/test-utils';
import { ApiError, callApi, readErrorBody } from './api-client';
import { changeLanguage } from './i18n';

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('callApi', () => {
  it('sends JSON with the same-origin cookies and the current language', async () => {
    const { calls, fetchMock } = mockApi({ 'POST /api/auth/sign-in': { body: { user: buildUser() } } });
    await changeLanguage('en');
    const result = await callApi(authRoutes.signIn, {
      body: { email: 'ana@example.org', password: 'secret' },
    });
    expect('user' in result && result.user.fullName).toBe('Ana Lopez');
    expect(calls[0]?.body).toEqual({ email: 'ana@example.org', password: 'secret' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('en');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('turns an error body into an ApiError with its code, fields and retry delay', async () => {
    mockApi({
      'POST /api/auth/sign-up': apiError('VALIDATION_ERROR', 400, {
        fields: [{ path: 'email', message: 'x' }],
      }),
      'POST /api/auth/sign-in': apiError('RATE_LIMITED', 429, { retryAfterSeconds: 42 }),
    });
    const invalid = await rejectionOf(
      callApi(authRoutes.signUp, {
        body: {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.fr',
          role: 'student',
          password: 'x',
          confirmPassword: 'x',
        },
      }),
    );
    expect(invalid).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      fields: [{ path: 'email', message: 'x' }],
    });
    const limited = await rejectionOf(
      callApi(authRoutes.signIn, { body: { email: 'a@b.fr', password: 'x' } }),
    );
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 42 });
  });

  it('reads Retry-After when a proxy answers a 429 without our error body', async () => {
    mockApi({ 'GET /api/auth/session': { status: 429, headers: { 'Retry-After': '7' } } });
    expect(await rejectionOf(callApi(authRoutes.session))).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 7,
    });
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await rejectionOf(callApi(authRoutes.session))).toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
  });

  it('refuses an answer that breaks the contract instead of handing it to the page', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: { id: 1 } } } });
    expect(await rejectionOf(callApi(authRoutes.session))).toMatchObject({
      code: 'SERVER_ERROR',
      status: 200,
    });
  });
});

// issue 12: error bodies are checked by hand to keep zod out of the first screen; the check must accept
// and refuse exactly what the contract's schema does, and keep the same fields.
describe('readErrorBody', () => {
  const ERROR = { code: 'VALIDATION_ERROR', message: 'Invalid input' };
  const BODIES: Record<string, unknown> = {
    'a bare error': { error: ERROR },
    'field errors': { error: { ...ERROR, details: { fields: [{ path: 'email', message: 'x', extra: 1 }] } } },
    'a retry delay': { error: { ...ERROR, code: 'RATE_LIMITED', details: { retryAfterSeconds: 42 } } },
    'empty details with an unknown key': { error: { ...ERROR, details: { other: true } }, requestId: 'r1' },
    'an unknown code': { error: { ...ERROR, code: 'TEAPOT' } },
    'a code inherited from Object': { error: { ...ERROR, code: 'toString' } },
    'no message': { error: { code: 'SERVER_ERROR' } },
    'null details': { error: { ...ERROR, details: null } },
    'fields that are not a list': { error: { ...ERROR, details: { fields: 'email' } } },
    'a field without its message': { error: { ...ERROR, details: { fields: [{ path: 'email' }] } } },
    'a fractional retry delay': { error: { ...ERROR, details: { retryAfterSeconds: 1.5 } } },
    'a proxy page': '<html>Bad gateway</html>',
    nothing: undefined,
  };
  for (const [name, body] of Object.entries(BODIES)) {
    it(`agrees with ErrorBodySchema on ${name}`, () => {
      const parsed = ErrorBodySchema.safeParse(body);
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data.error : undefined);
    });
  }
});
