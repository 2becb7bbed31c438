import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { organizations, profiles, userRoles } from './organizations.tables.ts';

export async function exportOrganizationsPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const profile = await tx
    .select({
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: profiles.role,
      organizationId: profiles.organizationId,
      organizationName: organizations.name,
      language: profiles.language,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, userId));
  const roles = await tx.select().from(userRoles).where(eq(userRoles.userId, userId));
  return { records: { profile, roles } };
}

/**
 * Replaces an erased learner's name on their profile, as cursus_service (the privacy migration's
 * policy lets it rewrite only the profiles of learners listed as erased). The address is replaced by
 * the database function `privacy_pseudonymise_account`, since no runtime role may change one.
 */
export async function pseudonymiseProfile(tx: Tx, userId: string, label: string): Promise<void> {
  await tx
    .update(profiles)
    .set({ fullName: label, firstName: label, lastName: '', updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}
