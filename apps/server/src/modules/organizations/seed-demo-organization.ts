import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from './organizations.tables.ts';

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

/** The demo organisation's settings and legal info, so certificates print real-looking lines. */
export async function seedDemoOrganization(database: Database, organizationId: string, now: Date) {
  await database.db
    .update(organizations)
    .set({ brandColor: DEMO_BRAND_COLOR, ...demoLegalInfo(now), legalInfoUpdatedAt: now })
    .where(eq(organizations.id, organizationId));
}
