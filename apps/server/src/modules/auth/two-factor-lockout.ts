import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitAttempts } from '../../lib/rate-limit.tables.ts';
import type { createAttemptCounter, Limit } from '../../lib/rate-limit.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { formatDateTime, type Mailer } from '../email/email.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { Caller } from './caller.ts';

export interface LockedAccount {
  id: string;
  email: string;
  name: string;
}

/**
 * The owner of an account whose per-account failure limit (wrong passwords at sign-in, or wrong
 * codes at the two-factor step) is reached hears of it by email, once per lockout window: someone
 * may be guessing, and the email says what to do (issue 19, ASVS 6.3.5).
 */
export function createLockoutNotice(deps: {
  db: Db;
  attempts: ReturnType<typeof createAttemptCounter>;
  mailer: Mailer;
  organizations: Pick<OrganizationsService, 'languageOf' | 'loadUser'>;
  audit: Pick<AuditService, 'recordEvent'>;
  appUrl: string;
  now: () => Date;
}) {
  const { db, attempts, now } = deps;

  /** When the key's window ends if it is full, else null. */
  async function fullUntil(key: string, limit: Limit): Promise<Date | null> {
    const [row] = await db
      .select({ count: rateLimitAttempts.count, windowStart: rateLimitAttempts.windowStart })
      .from(rateLimitAttempts)
      .where(eq(rateLimitAttempts.key, key));
    if (!row || row.count < limit.max) return null;
    const end = new Date(row.windowStart.getTime() + limit.windowMs);
    return end > now() ? end : null;
  }

  return {
    /**
     * Called after a failure was counted under `key`: when that failure filled the window, the
     * account is locked until the window ends, and its owner is told (the first time only).
     */
    async afterFailure(
      key: string,
      limit: Limit,
      account: LockedAccount,
      caller: Caller,
      factor: 'password' | 'two_factor',
    ) {
      const until = await fullUntil(key, limit);
      if (!until) return;
      try {
        // One notice per window: a slot that lasts as long as the lockout.
        await attempts.consume(`user:${account.id}:lockout-notice:${factor}`, {
          max: 1,
          windowMs: until.getTime() - now().getTime(),
        });
      } catch {
        return;
      }
      const language = await deps.organizations.languageOf(account.id);
      await deps.mailer.send({
        to: account.email,
        template: 'account-locked',
        language,
        data: {
          name: account.name,
          url: `${deps.appUrl}/forgot-password`,
          expires: formatDateTime(until.toISOString(), language),
        },
      });
      const profile = await deps.organizations.loadUser(account.id);
      await deps.audit.recordEvent({
        action: 'auth.lockout',
        organizationId: profile?.organizationId ?? null,
        actor: { id: account.id, email: account.email, name: account.name },
        targetType: 'user',
        targetId: account.id,
        ip: caller.ip,
        userAgent: caller.headers.get('user-agent'),
        details: { factor, until: until.toISOString() },
      });
    },
  };
}
