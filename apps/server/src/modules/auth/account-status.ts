import type { AccountStatus } from '@cursus/contracts';
import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authSessions, authTwoFactors, authUsers } from './auth.tables.ts';

/**
 * Disabling an account (issue 19): `auth_users.disabled_at` set, which better-auth's session hook
 * reads before creating any session (auth.ts) and the session check reads on every request
 * (auth.service.ts), and its sessions deleted in the same transaction, so every instance refuses
 * them at once. Platform admins only (the routes' access); runs as cursus_service, whose only
 * write on auth_users here is that column.
 */
/** What disabling or enabling changed, for the audit trail. */
export interface StatusChange {
  before: AccountStatus;
  after: AccountStatus;
  revokedSessions: number;
}

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
     * `onChange` runs in the same transaction, only when the account was enabled until then, so the
     * audit event and the change land together or not at all.
     */
    disable(
      userId: string,
      onChange: (tx: Tx, change: StatusChange) => Promise<void>,
    ): Promise<AccountStatus> {
      return db.transaction(async (tx) => {
        const before = await statusOf(userId, tx);
        const changed = await tx
          .update(authUsers)
          .set({ disabledAt: now() })
          .where(and(eq(authUsers.id, userId), isNull(authUsers.disabledAt)))
          .returning({ id: authUsers.id });
        const revoked = await tx
          .delete(authSessions)
          .where(eq(authSessions.userId, userId))
          .returning({ id: authSessions.id });
        const after = await statusOf(userId, tx);
        if (changed.length > 0) await onChange(tx, { before, after, revokedSessions: revoked.length });
        return after;
      });
    },

    /** The account may sign in again (it has no session until it does); `onChange` as for `disable`. */
    enable(
      userId: string,
      onChange: (tx: Tx, change: StatusChange) => Promise<void>,
    ): Promise<AccountStatus> {
      return db.transaction(async (tx) => {
        const before = await statusOf(userId, tx);
        const changed = await tx
          .update(authUsers)
          .set({ disabledAt: null })
          .where(and(eq(authUsers.id, userId), isNotNull(authUsers.disabledAt)))
          .returning({ id: authUsers.id });
        const after = await statusOf(userId, tx);
        if (changed.length > 0) await onChange(tx, { before, after, revokedSessions: 0 });
        return after;
      });
    },

    /**
     * Takes the second factor off, as better-auth's own disabling does (its secret and recovery
     * codes deleted, the flag cleared), without the owner's password and code, which are what was
     * lost; their sessions stay. `onChange` as for `disable`.
     */
    removeSecondFactor(
      userId: string,
      onChange: (tx: Tx, change: StatusChange) => Promise<void>,
    ): Promise<AccountStatus> {
      return db.transaction(async (tx) => {
        const before = await statusOf(userId, tx);
        // The row is locked by the update: of two admins acting at once, the second finds it off.
        const changed = await tx
          .update(authUsers)
          .set({ twoFactorEnabled: false })
          .where(and(eq(authUsers.id, userId), eq(authUsers.twoFactorEnabled, true)))
          .returning({ id: authUsers.id });
        if (changed.length === 0) throw new AppError('TWO_FACTOR_NOT_ENABLED');
        await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, userId));
        const after = await statusOf(userId, tx);
        await onChange(tx, { before, after, revokedSessions: 0 });
        return after;
      });
    },
  };
}

export type AccountStatusService = ReturnType<typeof createAccountStatus>;
