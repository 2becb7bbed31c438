import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BRAND_CONTRAST_MIN,
  BRAND_SURFACES,
  brandPalette,
  contrastRatio,
  isValidFrenchVat,
  isValidSiret,
  type LegalInfo,
  type OrganizationBranding,
  UpdateLegalInfoInputSchema,
} from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';
import { formatAddress, qualiopiValidity } from './organization-settings.service.ts';
import { organizations } from './organizations.tables.ts';
import { DEMO_BRAND_COLOR, demoLegalInfo } from './seed-demo-organization.ts';

let world: CoursesWorld;
let dataDir: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(600, 0x11),
]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600, 0x20), Buffer.from('\n%%EOF\n')]);

const EMPTY_LEGAL = {
  siret: '',
  activityDeclarationNumber: '',
  qualiopiNumber: '',
  qualiopiIssuer: '',
  qualiopiValidUntil: '',
  qualiopiFileId: null,
  vatNumber: '',
  addressLine: '',
  postalCode: '',
  city: '',
  country: '',
  legalRepresentativeName: '',
  legalRepresentativeTitle: '',
};

/** The day `days` from today in France, as a date input gives it. */
function parisDayIn(days: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}

async function upload(person: Person, purpose: 'image' | 'document', bytes: Buffer, name: string) {
  const boundary = '----cursus-organization-settings';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await world.testApp.app.inject({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    headers: {
      ...ORIGIN,
      cookie: world.users[person].cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  return expectStatus<{ id: string; url: string }>(response, 200);
}

const saveSettings = (person: Person, body: object) =>
  world.call(person, 'PUT', '/api/organizations/mine/settings', body);
const saveLegal = (person: Person, body: object) =>
  world.call(person, 'PUT', '/api/organizations/mine/legal-info', { ...EMPTY_LEGAL, ...body });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-organization-settings-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('identifier keys', () => {
  it('checks a SIRET by its Luhn key, and La Poste’s by its digit sum', () => {
    expect(isValidSiret('85237964300012')).toBe(true);
    expect(isValidSiret('85237964300013')).toBe(false);
    // La Poste's head office passes Luhn; its establishments have digit sums that are multiples of 5.
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
    // The digit-sum rule is La Poste's only.
    expect(isValidSiret('12345678900005')).toBe(false);
  });

  it('checks a French VAT number’s key against its SIREN', () => {
    expect(isValidFrenchVat('FR12852379643')).toBe(true);
    expect(isValidFrenchVat('FR13852379643')).toBe(false);
    expect(isValidFrenchVat('DE12852379643')).toBe(false);
  });

  it('tells when a Qualiopi certificate expires, by the day in France', () => {
    const now = new Date('2026-03-01T23:30:00Z'); // already 2 March in Paris
    expect(qualiopiValidity(null, now)).toEqual({ status: 'missing', daysLeft: null });
    expect(qualiopiValidity('2026-03-01', now)).toEqual({ status: 'expired', daysLeft: -1 });
    expect(qualiopiValidity('2026-03-02', now)).toEqual({ status: 'expiringSoon', daysLeft: 0 });
    expect(qualiopiValidity('2026-05-31', now)).toEqual({ status: 'expiringSoon', daysLeft: 90 });
    expect(qualiopiValidity('2026-06-01', now)).toEqual({ status: 'valid', daysLeft: 91 });
  });

  it('writes an address on one line, naming the country only abroad', () => {
    const lyon = { addressLine: '12 rue de la République', postalCode: '69002', city: 'Lyon' };
    expect(formatAddress({ ...lyon, country: 'France' })).toBe('12 rue de la République, 69002 Lyon');
    expect(formatAddress({ ...lyon, country: 'Belgique' })).toBe(
      '12 rue de la République, 69002 Lyon, Belgique',
    );
    expect(formatAddress({ addressLine: null, postalCode: null, city: null, country: null })).toBeNull();
  });
});

describe('organisation settings', () => {
  it('saves the name and brand colour, with a palette that keeps WCAG AA in both themes', async () => {
    const saved = expectStatus<OrganizationBranding>(
      await saveSettings('trainerA', { name: 'Organisme A Lyon', logoFileId: null, brandColor: '#FFCC00' }),
      200,
    );
    expect(saved).toMatchObject({ name: 'Organisme A Lyon', brandColor: '#ffcc00', logoUrl: null });
    const { light, dark } = saved.palette!;
    // A bright yellow fails on white: the light theme gets a darker shade of it, the dark one keeps it.
    expect(light.adjusted).toBe(true);
    expect(dark).toMatchObject({ primary: '#ffcc00', adjusted: false });
    for (const surface of BRAND_SURFACES.light)
      expect(contrastRatio(light.primary, surface)).toBeGreaterThanOrEqual(BRAND_CONTRAST_MIN);
    for (const surface of BRAND_SURFACES.dark)
      expect(contrastRatio(dark.primary, surface)).toBeGreaterThanOrEqual(BRAND_CONTRAST_MIN);
    // The members' sessions carry the new name at once.
    const session = await world.call('studentA1', 'GET', '/api/auth/session');
    expect(session.json().user.organizationName).toBe('Organisme A Lyon');
  });

  it('refuses a colour that is not #rrggbb, naming the field', async () => {
    const response = await saveSettings('trainerA', { name: 'A', logoFileId: null, brandColor: 'red' });
    const body = expectStatus(response, 400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.fields[0].path).toBe('brandColor');
    expect(body.error.message).toContain('couleur de la marque');
  });

  it('shows the logo to every member, and keeps another organisation’s files out of it', async () => {
    const logo = await upload('trainerA', 'image', PNG, 'logo.png');
    const saved = expectStatus<OrganizationBranding>(
      await saveSettings('trainerA', { name: 'Organisme A', logoFileId: logo.id, brandColor: null }),
      200,
    );
    expect(saved).toMatchObject({ logoFileId: logo.id, logoUrl: logo.url, palette: null });
    const branding = expectStatus<OrganizationBranding>(
      await world.call('studentA1', 'GET', '/api/organizations/mine/branding'),
      200,
    );
    expect(branding).toMatchObject({ name: 'Organisme A', logoUrl: logo.url });
    expect((await world.call('studentA1', 'GET', logo.url)).statusCode).toBe(200);
    expect((await world.call('studentB', 'GET', logo.url)).statusCode).toBe(404);
    // Trainer B cannot take A's file as their logo, nor a PDF.
    const foreign = expectStatus(
      await saveSettings('trainerB', { name: 'Organisme B', logoFileId: logo.id, brandColor: null }),
      400,
    );
    expect(foreign.error.details.fields).toEqual([{ path: 'logoFileId', message: expect.any(String) }]);
    const pdf = await upload('trainerB', 'document', PDF, 'logo.pdf');
    expectStatus(
      await saveSettings('trainerB', { name: 'Organisme B', logoFileId: pdf.id, brandColor: null }),
      400,
    );
    const inUse = await world.testApp.modules.fileAccess.fileIdsInUse(world.users.trainerA.organizationId!);
    expect(inUse.has(logo.id)).toBe(true);
  });

  it('lets learners read the branding but change nothing', async () => {
    expectStatus(await saveSettings('studentA1', { name: 'Pris', logoFileId: null, brandColor: null }), 403);
    expectStatus(await world.call('studentA1', 'GET', '/api/organizations/mine/legal-info'), 403);
    expectStatus(await saveLegal('studentA1', {}), 403);
    expectStatus(await world.call('loneStudent', 'GET', '/api/organizations/mine/branding'), 409);
  });
});

describe('legal info', () => {
  it.each([
    ['siret', '85237964300013', 'la clé de contrôle (Luhn) est incorrecte'],
    ['siret', '8523796430001', '14 chiffres'],
    ['activityDeclarationNumber', '8469123456', '11 chiffres'],
    ['vatNumber', 'FR13852379643', 'la clé ne correspond pas au SIREN'],
    ['postalCode', '6900', '5 chiffres'],
    ['qualiopiValidUntil', '2026-02-30', 'une date au format AAAA-MM-JJ'],
  ])('refuses a bad %s (%s), naming the field in French', async (field, value, message) => {
    const body = expectStatus(await saveLegal('trainerA', { [field]: value }), 400);
    expect(body.error.details.fields).toEqual([{ path: field, message }]);
    expect(body.error.message).toContain(message);
  });

  it('refuses a VAT number of another company than the SIRET’s', async () => {
    const body = expectStatus(
      await saveLegal('trainerA', { siret: '85237964300012', vatNumber: 'FR33901733444' }),
      400,
    );
    expect(body.error.details.fields[0].path).toBe('vatNumber');
  });

  it('saves the legal info as printed (spaces allowed) and says when Qualiopi expires soon', async () => {
    const certificate = await upload('trainerA', 'document', PDF, 'qualiopi.pdf');
    const saved = expectStatus<LegalInfo>(
      await saveLegal('trainerA', {
        siret: '852 379 643 00012',
        activityDeclarationNumber: '84 69 12345 69',
        qualiopiNumber: 'QUA-2024-06-4817',
        qualiopiIssuer: 'AFNOR Certification',
        qualiopiValidUntil: parisDayIn(30),
        qualiopiFileId: certificate.id,
        vatNumber: 'fr 12 852379643',
        addressLine: '12 rue de la République',
        postalCode: '69002',
        city: 'Lyon',
        country: 'France',
        legalRepresentativeName: 'Julien Moreau',
        legalRepresentativeTitle: 'Directeur',
      }),
      200,
    );
    expect(saved).toMatchObject({
      siret: '85237964300012',
      activityDeclarationNumber: '84691234569',
      vatNumber: 'FR12852379643',
      qualiopiStatus: 'expiringSoon',
      qualiopiDaysLeft: 30,
      qualiopiFileUrl: certificate.url,
    });
    expect(
      expectStatus<LegalInfo>(await world.call('trainerA', 'GET', '/api/organizations/mine/legal-info'), 200),
    ).toEqual(saved);
    const inUse = await world.testApp.modules.fileAccess.fileIdsInUse(world.users.trainerA.organizationId!);
    expect(inUse.has(certificate.id)).toBe(true);
    // La Poste's establishments pass by their own rule.
    expectStatus(await saveLegal('trainerB', { siret: '35600000049837' }), 200);
  });

  it('keeps each organisation’s legal info to itself, in the database too', async () => {
    const other = expectStatus<LegalInfo>(
      await world.call('trainerB', 'GET', '/api/organizations/mine/legal-info'),
      200,
    );
    expect(other.siret).toBe('35600000049837');
    expect(other.city).toBeNull();
    // Trainer B's own transaction cannot reach organisation A's row.
    const { database } = world.testApp;
    const trainerB = { userId: world.users.trainerB.id, role: 'trainer' as const };
    const organizationA = world.users.trainerA.organizationId!;
    const changed = await database.withTenant(
      { ...trainerB, organizationId: world.users.trainerB.organizationId },
      (tx) =>
        tx
          .update(organizations)
          .set({ siret: '35600000049837' })
          .where(eq(organizations.id, organizationA))
          .returning({ id: organizations.id }),
    );
    expect(changed).toEqual([]);
    const [row] = await database.db
      .select({ siret: organizations.siret })
      .from(organizations)
      .where(eq(organizations.id, organizationA));
    expect(row!.siret).toBe('85237964300012');
  });

  it('gives the demo organisation legal info that passes every check, Qualiopi valid another year', () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const legal = demoLegalInfo(now);
    expect(UpdateLegalInfoInputSchema.safeParse(legal).success).toBe(true);
    expect(qualiopiValidity(legal.qualiopiValidUntil, now)).toEqual({ status: 'valid', daysLeft: 365 });
    expect(brandPalette(DEMO_BRAND_COLOR).light.adjusted).toBe(false);
  });

  it('answers an admin without an organisation NO_ORGANIZATION', async () => {
    const body = expectStatus(await world.call('admin', 'GET', '/api/organizations/mine/legal-info'), 409);
    expect(body.error.code).toBe('NO_ORGANIZATION');
  });
});
