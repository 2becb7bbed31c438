import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PlacedAccount } from '../organizations/organizations.module.ts';
import { authUsers, authVerifications } from './auth.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Many invited accounts at once (a CSV import of thousands of learners): better-auth's sign-up
 * hashes a password per account (tens of milliseconds each), so the accounts are written here in
 * batches instead, without any password. The invitation link is better-auth's own reset-password
 * token (as its requestPasswordReset stores one, valid `linkDays`): resetting creates the
 * credential account that is missing and proves the address (auth.service's onPasswordReset).
 *
 * An address that already has an account is skipped (`on conflict do nothing`), so two imports
 * racing for one address make one account; the caller learns which were made.
 */
export async function inviteAccounts(
  deps: {
    db: Db;
    appUrl: string;
    now: () => Date;
    linkDays: number;
    createProfiles: (accounts: readonly PlacedAccount[]) => Promise<void>;
  },
  accounts: readonly Omit<PlacedAccount, 'userId'>[],
): Promise<Map<string, { userId: string; url: string }>> {
  const { db } = deps;
  const made = new Map<string, { userId: string; url: string }>();
  if (accounts.length === 0) return made;
  const created = await db
    .insert(authUsers)
    .values(
      accounts.map((account) => ({
        id: randomUUID(),
        name: `${account.firstName} ${account.lastName}`.trim(),
        email: account.email,
        emailVerified: false,
      })),
    )
    .onConflictDoNothing({ target: authUsers.email })
    .returning({ id: authUsers.id, email: authUsers.email });
  const idByEmail = new Map(created.map((row) => [row.email, row.id]));
  const placed = accounts.flatMap((account) => {
    const userId = idByEmail.get(account.email);
    return userId ? [{ ...account, userId }] : [];
  });
  try {
    await deps.createProfiles(placed);
  } catch (error) {
    // Without a profile an account is unusable: remove them so the import can be tried again.
    if (created.length > 0)
      await db.delete(authUsers).where(
        inArray(
          authUsers.id,
          created.map((row) => row.id),
        ),
      );
    throw error;
  }
  const expiresAt = new Date(deps.now().getTime() + deps.linkDays * DAY_MS);
  const tokens = placed.map((account) => ({ account, token: randomBytes(24).toString('base64url') }));
  if (tokens.length > 0)
    await db.insert(authVerifications).values(
      tokens.map(({ account, token }) => ({
        id: randomUUID(),
        identifier: `reset-password:${token}`,
        value: account.userId,
        expiresAt,
      })),
    );
  for (const { account, token } of tokens)
    made.set(account.email, {
      userId: account.userId,
      url: `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`,
    });
  return made;
}
