import type { AccountStatus } from '@cursus/contracts';
import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authSessions, authTwoFactors, authUsers } from './auth.tables.ts';

/**
 * Disabling an account (issue 19): `auth_users.disabled_at` set, which better-auth's session hook
 * reads before creating any session (auth.ts) and the session check reads on every request
 * (auth.service.ts), and its sessions deleted in the same transaction, so every instance refuses
 * them at once; and removing a second factor its owner lost. Platform admins only (the routes'
 * access); runs as cursus_service, whose only writes on auth_users here are `disabled_at` and
 * `two_factor_enabled`.
 */
/** What a change to an account did, for the audit trail. */
export interface StatusChange {
  before: AccountStatus;
  after: AccountStatus;
  revokedSessions: number;
}

type OnStatusChange = (tx: Tx, change: StatusChange) => Promise<void>;

export function createAccountStatus(db: Db, now: () => Date) {
  async function statusOf(userId: string, database: Pick<Db, 'select'> = db): Promise<AccountStatus> {
    const [user] = await database
      .select({ disabledAt: authUsers.disabledAt, twoFactorEnabled: authUsers.twoFactorEnabled })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    if (!user) throw new AppError('USER_NOT_FOUND');
    const [sessions] = await database
      .select({ total: count() })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, now())));
    return {
      userId,
      disabledAt: user.disabledAt?.toISOString() ?? null,
      activeSessions: sessions?.total ?? 0,
      twoFactorEnabled: user.twoFactorEnabled,
    };
  }

  /**
   * One change to an account, in a transaction: `apply` makes it, and `onChange` (the audit event)
   * runs in the same transaction only when something changed, with the status before and after, so
   * the event and the change land together or not at all.
   */
  function changeStatus(
    userId: string,
    onChange: OnStatusChange,
    apply: (tx: Tx) => Promise<{ changed: boolean; revokedSessions: number }>,
  ): Promise<AccountStatus> {
    return db.transaction(async (tx) => {
      const before = await statusOf(userId, tx);
      const { changed, revokedSessions } = await apply(tx);
      const after = await statusOf(userId, tx);
      if (changed) await onChange(tx, { before, after, revokedSessions });
      return after;
    });
  }

  return {
    statusOf: (userId: string) => statusOf(userId),

    /** Refuses a new session to a disabled account; only reached once the password was right. */
    async assertMaySignIn(userId: string) {
      const [user] = await db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(and(eq(authUsers.id, userId), isNotNull(authUsers.disabledAt)));
      if (user) throw new AppError('ACCOUNT_DISABLED');
    },

    /**
     * Disables the account and ends its sessions (those even if it already was disabled).
     * `onChange` runs only when the account was enabled until then.
     */
    disable: (userId: string, onChange: OnStatusChange) =>
      changeStatus(userId, onChange, async (tx) => {
        const changed = await tx
          .update(authUsers)
          .set({ disabledAt: now() })
          .where(and(eq(authUsers.id, userId), isNull(authUsers.disabledAt)))
          .returning({ id: authUsers.id });
        const revoked = await tx
          .delete(authSessions)
          .where(eq(authSessions.userId, userId))
          .returning({ id: authSessions.id });
        return { changed: changed.length > 0, revokedSessions: revoked.length };
      }),

    /** The account may sign in again (it has no session until it does). */
    enable: (userId: string, onChange: OnStatusChange) =>
      changeStatus(userId, onChange, async (tx) => {
        const changed = await tx
          .update(authUsers)
          .set({ disabledAt: null })
          .where(and(eq(authUsers.id, userId), isNotNull(authUsers.disabledAt)))
          .returning({ id: authUsers.id });
        return { changed: changed.length > 0, revokedSessions: 0 };
      }),

    /**
     * Takes the second factor off, as better-auth's own disabling does (its secret and recovery
     * codes deleted, the flag cleared), without the owner's password and code, which are what was
     * lost; their sessions stay.
     */
    removeSecondFactor: (userId: string, onChange: OnStatusChange) =>
      changeStatus(userId, onChange, async (tx) => {
        // The row is locked by the update: of two admins acting at once, the second finds it off.
        const changed = await tx
          .update(authUsers)
          .set({ twoFactorEnabled: false })
          .where(and(eq(authUsers.id, userId), eq(authUsers.twoFactorEnabled, true)))
          .returning({ id: authUsers.id });
        if (changed.length === 0) throw new AppError('TWO_FACTOR_NOT_ENABLED');
        await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, userId));
        return { changed: true, revokedSessions: 0 };
      }),
  };
}

export type AccountStatusService = ReturnType<typeof createAccountStatus>;
