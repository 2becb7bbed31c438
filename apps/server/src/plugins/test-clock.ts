import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The server's clock in browser journeys (env TEST_CLOCK, docs/time-tracking.md): real time plus an
 * offset the test moves, so time-tracking bounds see the minutes a journey simulates without the
 * journey waiting for them. The offset only grows: a clock going back would break those bounds.
 */
export interface TestClock {
  now: () => Date;
  setOffset: (offsetMs: number) => number;
}

export function createTestClock(realNow: () => number = Date.now): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(realNow() + offsetMs),
    setOffset(next) {
      offsetMs = Math.max(offsetMs, next);
      return offsetMs;
    },
  };
}

const SetOffsetSchema = z.object({
  offsetMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000),
});
const ClockSchema = z.object({ offsetMs: z.number().int(), now: z.iso.datetime() });

/**
 * Registered by app.ts only when TEST_CLOCK is set; otherwise the path is an ordinary 404. Moving
 * the clock then runs the jobs that fell due (`runDueJobs`), as the scheduler's timer would within
 * a minute, so a journey sees them without waiting.
 */
export async function testClockRoutesPlugin(
  app: FastifyInstance,
  options: { clock: TestClock; runDueJobs: () => Promise<void> },
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/test/clock',
    // Journeys call it without signing in; it exists only when TEST_CLOCK is set, never in production.
    config: { access: 'public' },
    schema: { body: SetOffsetSchema, response: { 200: ClockSchema }, hide: true },
    handler: async (request) => {
      const offsetMs = options.clock.setOffset(request.body.offsetMs);
      await options.runDueJobs();
      return { offsetMs, now: options.clock.now().toISOString() };
    },
  });
}
