import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { AuthService } from './auth.service.ts';
import { authUsers } from './auth.tables.ts';

export interface DemoPerson {
  role: 'admin' | 'trainer' | 'student';
  firstName: string;
  lastName: string;
  email: string;
  /** When the account was made in the demo's story: before the person's first activity in it. */
  joinedAt?: Date;
}

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
  userId: string;
}

/** Random, and always meets the SPEC 5 rules (upper, lower, digit, symbol). */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-Kq7`;
}

/** Confirmed accounts in one organisation, each with a new password, in the order given. */
export async function seedDemoAccounts(
  deps: {
    db: Db;
    /** The tables' owner, for the demo's dates (joinedAt). */
    owner: Db;
    authService: AuthService;
    organizations: OrganizationsService;
  },
  input: { organizationId: string; people: readonly DemoPerson[] },
): Promise<DemoAccount[]> {
  const { db, owner, authService, organizations } = deps;
  const accounts: DemoAccount[] = [];
  for (const person of input.people) {
    const password = generatePassword();
    const { user } = await authService.auth.api.signUpEmail({
      body: { name: `${person.firstName} ${person.lastName}`, email: person.email, password },
    });
    await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user.id));
    // The request role may not rewrite when an account was made; the owner back-dates the demo's
    // (its profile is the organisations module's: seedDemoJoined).
    if (person.joinedAt)
      await owner
        .update(authUsers)
        .set({ createdAt: person.joinedAt, updatedAt: person.joinedAt })
        .where(eq(authUsers.id, user.id));
    await organizations.createAccount({
      userId: user.id,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      organizationId: input.organizationId,
      language: 'fr',
    });
    accounts.push({ role: person.role, email: person.email, password, userId: user.id });
  }
  return accounts;
}
