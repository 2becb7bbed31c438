import type { Language } from '@cursus/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, userRoles } from './organizations.tables.ts';

export interface PlacedAccount {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'student' | 'trainer';
  organizationId: string;
  language: Language;
}

/**
 * Profiles and roles of many accounts made at once in an organisation (a CSV import), in one
 * transaction of two statements per call: one insert per account would take minutes for thousands.
 */
export async function createPlacedAccounts(db: Db, accounts: readonly PlacedAccount[]) {
  if (accounts.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values(
      accounts.map((account) => ({
        id: account.userId,
        email: account.email,
        fullName: `${account.firstName} ${account.lastName}`.trim(),
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        organizationId: account.organizationId,
        language: account.language,
      })),
    );
    await tx
      .insert(userRoles)
      .values(accounts.map((account) => ({ userId: account.userId, role: account.role })));
  });
}
