import type { SessionUser } from '@cursus/contracts';
import { authRoutes, twoFactorRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { appendCookies, requireUser, toHeaders } from '../../plugins/session.ts';
import type { AuthService, Caller } from './auth.service.ts';

const DEVICE_COOKIE = 'cursus.device';
const tags = ['auth'];

function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, headers: toHeaders(request), device: request.cookies[DEVICE_COOKIE] };
}

function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 365 * 24 * 60 * 60,
  });
}

/** Turns better-auth's Set-Cookie lines into a Cookie header, to act with a session just created. */
function cookieHeaderOf(cookies: string[]): string {
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function authRoutesPlugin(
  app: FastifyInstance,
  options: {
    authService: AuthService;
    secure: boolean;
    /** Keeps a record of each successful sign-in (connection logs); a failure never refuses the sign-in. */
    onSignIn?: (user: SessionUser, request: FastifyRequest) => Promise<void>;
  },
) {
  const { authService, secure } = options;
  async function recordSignIn(user: SessionUser, request: FastifyRequest) {
    try {
      await options.onSignIn?.(user, request);
    } catch (error) {
      request.log.error({ err: error, userId: user.id }, 'sign-in record failed');
    }
  }

  route(
    app,
    authRoutes.signUp,
    async (request, reply, { body }) => {
      const result = await authService.signUp(body, callerOf(request));
      request.log.info({ event: 'auth.sign_up', email: body.email, role: body.role }, 'account created');
      return reply.status(200).send(result);
    },
    { tags },
  );

  /** Every attempt is logged with its outcome, never with the password. */
  async function signInLogged(
    request: FastifyRequest,
    event: string,
    body: { email: string; password: string },
  ) {
    try {
      return await authService.signIn(body, callerOf(request));
    } catch (error) {
      const outcome = error instanceof AppError ? error.code : 'error';
      request.log.info({ event, email: body.email, outcome }, 'sign-in refused');
      throw error;
    }
  }

  /** A session was created: this browser becomes known to the account, and the sign-in is recorded. */
  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    event: string,
    user: SessionUser,
    cookies: string[],
  ) {
    appendCookies(reply, cookies);
    setDeviceCookie(reply, await authService.rememberDevice(user.id, request.cookies[DEVICE_COOKIE]), secure);
    request.log.info({ event, email: user.email, outcome: 'success' }, 'sign-in');
    await recordSignIn(user, request);
    return { user };
  }

  /** The password was right on a two-factor account: only the challenge's cookie goes back. */
  function askForCode(
    request: FastifyRequest,
    reply: FastifyReply,
    event: string,
    email: string,
    cookies: string[],
  ) {
    appendCookies(reply, cookies);
    request.log.info({ event, email, outcome: 'TWO_FACTOR_REQUIRED' }, 'sign-in code required');
    return { twoFactorRequired: true as const };
  }

  route(
    app,
    authRoutes.signIn,
    async (request, reply, { body }) => {
      const outcome = await signInLogged(request, 'auth.sign_in', body);
      if (outcome.kind === 'twoFactor')
        return askForCode(request, reply, 'auth.sign_in', body.email, outcome.cookies);
      return finishSignIn(request, reply, 'auth.sign_in', outcome.value, outcome.cookies);
    },
    { tags },
  );

  route(
    app,
    twoFactorRoutes.signIn,
    async (request, reply, { body }) => {
      try {
        const { value, cookies } = await authService.completeTwoFactorSignIn(body, callerOf(request));
        return await finishSignIn(request, reply, 'auth.sign_in_two_factor', value, cookies);
      } catch (error) {
        const outcome = error instanceof AppError ? error.code : 'error';
        request.log.info(
          { event: 'auth.sign_in_two_factor', method: body.method, outcome },
          'sign-in refused',
        );
        throw error;
      }
    },
    { tags },
  );

  route(
    app,
    authRoutes.adminSignIn,
    async (request, reply, { body }) => {
      const outcome = await signInLogged(request, 'auth.admin_sign_in', body);
      if (outcome.kind === 'twoFactor') {
        // Refused before the code step: a non-admin's challenge is never handed out here.
        if (outcome.role !== 'admin') {
          request.log.warn(
            { event: 'auth.admin_sign_in', email: body.email, outcome: 'NOT_ADMIN' },
            'sign-in refused',
          );
          throw new AppError('NOT_ADMIN');
        }
        return askForCode(request, reply, 'auth.admin_sign_in', body.email, outcome.cookies);
      }
      const { value, cookies } = outcome;
      if (value.role !== 'admin') {
        // Credentials were right but this is not an administrator: end the session just made.
        await authService.signOut(new Headers({ cookie: cookieHeaderOf(cookies) }));
        request.log.warn(
          { event: 'auth.admin_sign_in', email: body.email, outcome: 'NOT_ADMIN' },
          'sign-in refused',
        );
        throw new AppError('NOT_ADMIN');
      }
      return finishSignIn(request, reply, 'auth.admin_sign_in', value, cookies);
    },
    { tags },
  );

  route(
    app,
    authRoutes.signOut,
    async (request, reply) => {
      appendCookies(reply, await authService.signOut(toHeaders(request)));
      return { ok: true as const };
    },
    { tags },
  );

  route(app, authRoutes.session, async (request) => ({ user: request.sessionUser }), { tags });

  route(
    app,
    authRoutes.resendConfirmation,
    async (request, _reply, { body }) => {
      await authService.resendConfirmation(body.email, callerOf(request));
      return { ok: true as const };
    },
    { tags },
  );

  // The link in the confirmation mail; SPEC 2: it returns to /auth.
  route(
    app,
    authRoutes.verifyEmail,
    async (_request, reply, { query }) => {
      const verified = await authService.verifyEmail(query.token);
      return reply.redirect(
        verified ? '/auth?mode=signin&confirmed=1' : '/auth?mode=signin&confirmError=RESET_LINK_INVALID',
      );
    },
    { tags },
  );

  route(
    app,
    authRoutes.forgotPassword,
    async (request, _reply, { body }) => {
      await authService.forgotPassword(body.email, callerOf(request));
      return { ok: true as const };
    },
    { tags },
  );

  route(
    app,
    authRoutes.resetPassword,
    async (request, _reply, { body }) => {
      await authService.resetPassword(body, callerOf(request));
      return { ok: true as const };
    },
    { tags },
  );

  route(
    app,
    authRoutes.changePassword,
    async (request, reply, { body }) => {
      const user = requireUser(request);
      const { cookies, deviceToken } = await authService.changePassword(body, user, callerOf(request));
      appendCookies(reply, cookies);
      setDeviceCookie(reply, deviceToken, secure);
      return { ok: true as const };
    },
    { tags },
  );

  route(
    app,
    authRoutes.updatePreferences,
    async (request, _reply, { body }) => {
      const user = requireUser(request);
      await authService.setLanguage(user, body.language);
      return { user: { ...user, language: body.language } };
    },
    { tags },
  );
}
