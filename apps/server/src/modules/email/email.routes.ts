import { emailPreferenceRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { UserEmails } from './user-emails.ts';

const tags = ['email'];

export async function emailRoutesPlugin(app: FastifyInstance, options: { userEmails: UserEmails }) {
  const { userEmails } = options;

  // RFC 8058: mail clients POST the form `List-Unsubscribe=One-Click`. The token is in the query, so
  // the body only has to be accepted, not read (this plugin's scope only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  route(app, emailPreferenceRoutes.get, (request) => userEmails.getPreferences(requireUser(request)), {
    tags,
  });
  route(
    app,
    emailPreferenceRoutes.update,
    (request, _reply, { body }) => userEmails.updatePreferences(requireUser(request), body),
    { tags },
  );
  route(
    app,
    emailPreferenceRoutes.inspectUnsubscribe,
    (_request, _reply, { query }) => userEmails.inspectUnsubscribe(query.token),
    { tags },
  );
  route(
    app,
    emailPreferenceRoutes.unsubscribe,
    async (request, _reply, { query }) => {
      const result = await userEmails.unsubscribe(query.token);
      request.log.info({ event: 'email.unsubscribe', kind: result.kind }, 'email kind turned off by link');
      return result;
    },
    { tags },
  );
}
