import { knowledgeBaseRoutes, systemRoutes } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, tenantOf } from '../../db/client.ts';
import { accessOptions, route } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { SystemService } from './system.service.ts';

const CheckSchema = z.enum(['ok', 'failing']);

export async function systemRoutesPlugin(
  app: FastifyInstance,
  options: {
    database: Database;
    smtp: boolean;
    system: SystemService;
    supportEmail: string;
    /** Registers the read benchmark's baseline route (env BENCH_BASELINE, never in production). */
    benchBaseline?: boolean;
  },
) {
  const { system } = options;
  route(app, systemRoutes.publicConfig, async () => ({ supportEmail: options.supportEmail }), {
    tags: ['system'],
  });
  route(
    app,
    systemRoutes.reportNotFound,
    async (request, _reply, { body }) => {
      await system.recordNotFound(body, {
        user: request.sessionUser,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { ok: true as const };
    },
    { tags: ['system'] },
  );
  route(
    app,
    systemRoutes.reportLogs,
    async (request, _reply, { body }) => {
      await system.recordLogs(body, { user: requireUser(request), userAgent: request.headers['user-agent'] });
      return { ok: true as const };
    },
    { tags: ['system'] },
  );

  route(
    app,
    knowledgeBaseRoutes.feedback,
    async (request, _reply, { body }) => {
      await system.recordGuideFeedback(body, { user: request.sessionUser, ip: request.ip });
      return { ok: true as const };
    },
    { tags: ['knowledge-base'] },
  );

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health',
    // Probes for the load balancer: a status, no data.
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  if (options.benchBaseline) {
    // bench/src/read-paths.ts: what every read route costs before its own queries (the session
    // check, the guard, one tenant transaction, the serializer), so routes are measured against it.
    typed.get(
      '/api/bench/baseline',
      {
        ...accessOptions({ roles: 'any', scope: 'owner' }),
        schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async (request) => {
        await options.database.withTenant(tenantOf(requireUser(request)), (tx) => tx.execute(sql`select 1`));
        return { status: 'ok' as const };
      },
    );
  }

  const ReadySchema = z.object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({ database: CheckSchema, mail: z.enum(['smtp', 'outbox']) }),
  });
  // A load balancer probes every few seconds: through an outage, one error line says it began and
  // debug lines follow, until one info line says the database answers again.
  let isDatabaseFailing = false;
  typed.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: ReadySchema, 503: ReadySchema } },
    },
    async (request, reply) => {
      let database: z.infer<typeof CheckSchema> = 'ok';
      try {
        await options.database.ping();
        if (isDatabaseFailing) request.log.info('database check recovered');
        isDatabaseFailing = false;
      } catch (error) {
        if (isDatabaseFailing) request.log.debug({ err: error }, 'database check still failing');
        else request.log.error({ err: error }, 'database check failed');
        isDatabaseFailing = true;
        database = 'failing';
      }
      const ready = database === 'ok';
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        checks: { database, mail: options.smtp ? 'smtp' : 'outbox' },
      });
    },
  );
}
