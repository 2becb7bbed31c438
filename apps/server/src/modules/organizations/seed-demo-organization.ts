import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations, profiles, userRoles } from './organizations.tables.ts';

/**
 * The demo organisation's legal info: a training organisation in Lyon whose numbers pass their keys
 * (the SIRET's Luhn, the VAT's), with a Qualiopi certificate valid for another year from `now`.
 */
export function demoLegalInfo(now: Date) {
  const validUntil = new Date(now);
  validUntil.setUTCFullYear(validUntil.getUTCFullYear() + 1);
  return {
    siret: '85237964300012',
    activityDeclarationNumber: '84691234569',
    qualiopiNumber: 'QUA-2024-06-4817',
    qualiopiIssuer: 'AFNOR Certification',
    qualiopiValidUntil: validUntil.toISOString().slice(0, 10),
    qualiopiFileId: null,
    vatNumber: 'FR12852379643',
    addressLine: '12 rue de la République',
    postalCode: '69002',
    city: 'Lyon',
    country: 'France',
    legalRepresentativeName: 'Julien Moreau',
    legalRepresentativeTitle: 'Directeur',
  };
}

/** Its brand colour, a teal that keeps WCAG AA in both themes once adjusted for the dark one. */
export const DEMO_BRAND_COLOR = '#0f766e';

/**
 * The demo organisation's settings and legal info, so certificates print real-looking lines, and
 * the day it was made in the demo's story (`createdAt`, before its first learner's enrolment).
 */
export async function seedDemoOrganization(
  database: Database,
  organizationId: string,
  dates: { now: Date; createdAt: Date },
) {
  await database.db
    .update(organizations)
    .set({
      brandColor: DEMO_BRAND_COLOR,
      ...demoLegalInfo(dates.now),
      legalInfoUpdatedAt: dates.now,
      createdAt: dates.createdAt,
    })
    .where(eq(organizations.id, organizationId));
}

/** Back-dates the demo's accounts to when the story made them (the request role may not). */
export async function seedDemoJoined(database: Database, joined: readonly { userId: string; at: Date }[]) {
  for (const { userId, at } of joined) {
    await database.db.update(profiles).set({ createdAt: at, updatedAt: at }).where(eq(profiles.id, userId));
    await database.db.update(userRoles).set({ createdAt: at }).where(eq(userRoles.userId, userId));
  }
}
