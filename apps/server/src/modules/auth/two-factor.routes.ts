import { twoFactorRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { appendCookies, requireUser, toHeaders } from '../../plugins/session.ts';
import type { Caller } from './caller.ts';
import type { TwoFactor } from './two-factor.ts';

const tags = ['auth'];

function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, headers: toHeaders(request) };
}

/** Enrolment in the profile and the organisation's requirement (issue 19); the code step is in auth.routes.ts. */
export async function twoFactorRoutesPlugin(app: FastifyInstance, options: { twoFactor: TwoFactor }) {
  const { twoFactor } = options;

  route(app, twoFactorRoutes.status, async (request) => twoFactor.status(requireUser(request)), { tags });

  route(
    app,
    twoFactorRoutes.enable,
    async (request, _reply, { body }) =>
      twoFactor.enable(requireUser(request), body.password, callerOf(request)),
    { tags },
  );

  route(
    app,
    twoFactorRoutes.confirm,
    async (request, reply, { body }) => {
      const { recoveryCodes, cookies } = await twoFactor.confirm(
        requireUser(request),
        body.code,
        callerOf(request),
      );
      // better-auth renews the session once the second factor is on.
      appendCookies(reply, cookies);
      return { recoveryCodes };
    },
    { tags },
  );

  route(
    app,
    twoFactorRoutes.disable,
    async (request, reply, { body }) => {
      appendCookies(reply, await twoFactor.disable(requireUser(request), body, callerOf(request)));
      return { ok: true as const };
    },
    { tags },
  );

  route(
    app,
    twoFactorRoutes.regenerateRecoveryCodes,
    async (request, _reply, { body }) => ({
      recoveryCodes: await twoFactor.regenerateRecoveryCodes(
        requireUser(request),
        body.password,
        callerOf(request),
      ),
    }),
    { tags },
  );

  route(app, twoFactorRoutes.getPolicy, async (request) => twoFactor.policy(requireUser(request)), {
    tags: ['organizations'],
  });

  route(
    app,
    twoFactorRoutes.updatePolicy,
    async (request, _reply, { body }) =>
      twoFactor.updatePolicy(requireUser(request), body, callerOf(request)),
    { tags: ['organizations'] },
  );
}
