import type {
  GuideFeedbackInput,
  ReportLogsInput,
  ReportNotFoundInput,
  SessionUser,
} from '@cursus/contracts';
import type { Database } from '../../db/client.ts';
import { createAttemptCounter } from '../auth/rate-limit.ts';
import { guideFeedback, notFoundErrors, systemLogs } from './system.tables.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// Anyone can report, so reports are capped: otherwise these tables are a free place to fill a disk.
const REPORT_LIMITS = {
  notFoundPerIp: { max: 60, windowMs: FIFTEEN_MINUTES },
  logBatchesPerUser: { max: 120, windowMs: FIFTEEN_MINUTES },
  guideFeedbackPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
};

export function createSystemService(options: { database: Database; now?: () => Date }) {
  const { database } = options;
  const attempts = createAttemptCounter(database.db, options.now ?? (() => new Date()));

  return {
    async recordNotFound(
      input: ReportNotFoundInput,
      context: { user: SessionUser | null; ip: string; userAgent?: string },
    ) {
      const key = `ip:${context.ip}:not-found`;
      await attempts.assertAllowed(key, REPORT_LIMITS.notFoundPerIp);
      await attempts.record(key, REPORT_LIMITS.notFoundPerIp);
      const row = {
        path: input.path,
        referrer: input.referrer,
        errorMessage: input.errorMessage,
        errorStack: input.errorStack,
        userId: context.user?.id ?? null,
        userRole: context.user?.role ?? null,
        userAgent: context.userAgent,
      };
      const { user } = context;
      if (!user) {
        // A visitor has no tenant; the row carries no user, so there is nothing to isolate.
        await database.db.insert(notFoundErrors).values(row);
        return;
      }
      await database.withTenant(
        { userId: user.id, role: user.role, organizationId: user.organizationId },
        (tx) => tx.insert(notFoundErrors).values(row),
      );
    },

    /** Owner connection: visitors answer too, and the table holds nothing of an organisation. */
    async recordGuideFeedback(input: GuideFeedbackInput, context: { user: SessionUser | null; ip: string }) {
      const key = `ip:${context.ip}:guide-feedback`;
      await attempts.assertAllowed(key, REPORT_LIMITS.guideFeedbackPerIp);
      await attempts.record(key, REPORT_LIMITS.guideFeedbackPerIp);
      await database.db.insert(guideFeedback).values({ ...input, userId: context.user?.id ?? null });
    },

    async recordLogs(input: ReportLogsInput, context: { user: SessionUser; userAgent?: string }) {
      const { user } = context;
      const key = `user:${user.id}:logs`;
      await attempts.assertAllowed(key, REPORT_LIMITS.logBatchesPerUser);
      await attempts.record(key, REPORT_LIMITS.logBatchesPerUser);
      await database.withTenant(
        { userId: user.id, role: user.role, organizationId: user.organizationId },
        (tx) =>
          tx.insert(systemLogs).values(
            input.entries.map((entry) => ({
              ...entry,
              organizationId: user.organizationId,
              userId: user.id,
              userRole: user.role,
              userAgent: context.userAgent,
            })),
          ),
      );
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
