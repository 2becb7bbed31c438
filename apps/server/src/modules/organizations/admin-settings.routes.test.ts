import type { AdminAuditList, LegalInfo, PlatformConfiguration } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';

let world: CoursesWorld;
const SMTP_URL = 'smtp://mailer:hunter2-password@mail.example:587';

beforeAll(async () => {
  world = await createCoursesWorld({ SMTP_URL, FUNDING_WEBHOOK_SECRET: 'a-webhook-secret-of-length' });
});
afterAll(() => world.close());

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
const legalPath = () => `/api/admin/organizations/${world.users.trainerB.organizationId}/legal-info`;

describe('/admin/settings', () => {
  it("shows the platform's configuration without any secret", async () => {
    const response = await world.call('admin', 'GET', '/api/admin/platform-configuration');
    const configuration = expectStatus<PlatformConfiguration>(response, 200);
    expect(configuration).toMatchObject({
      environment: 'test',
      adminEmailCount: 1,
      mailMode: 'smtp',
      storageMode: 'local',
    });
    const isSet = Object.fromEntries(configuration.settings.map((setting) => [setting.name, setting.isSet]));
    expect(isSet).toMatchObject({
      SMTP_URL: true,
      FUNDING_WEBHOOK_SECRET: true,
      S3_BUCKET: false,
      AI_API_KEY: false,
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('a-webhook-secret');
  });

  it("reads and edits another organisation's legal info, in the audit log", async () => {
    const before = expectStatus<LegalInfo>(await world.call('admin', 'GET', legalPath()), 200);
    expect(before.siret).toBeNull();
    const saved = expectStatus<LegalInfo>(
      await world.call('admin', 'PUT', legalPath(), {
        ...EMPTY_LEGAL,
        siret: '73282932000074',
        city: 'Lyon',
      }),
      200,
    );
    expect(saved).toMatchObject({ siret: '73282932000074', city: 'Lyon' });
    // The organisation's own staff see the change.
    const theirs = expectStatus<LegalInfo>(
      await world.call('trainerB', 'GET', '/api/organizations/mine/legal-info'),
      200,
    );
    expect(theirs.city).toBe('Lyon');
    const log = expectStatus<AdminAuditList>(
      await world.call(
        'admin',
        'GET',
        `/api/admin/audit-log?organizationId=${world.users.trainerB.organizationId}`,
      ),
      200,
    );
    expect(log.items[0]).toMatchObject({
      action: 'organization.legal_info.update',
      summary: 'Informations légales de « Organisme B » modifiées',
    });
  });

  it('refuses bad input by field, an unknown organisation, and anyone but an admin', async () => {
    const bad = await world.call('admin', 'PUT', legalPath(), { ...EMPTY_LEGAL, siret: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('siret');
    const unknown = await world.call(
      'admin',
      'GET',
      '/api/admin/organizations/00000000-0000-4000-8000-000000000000/legal-info',
    );
    expect(unknown.statusCode).toBe(409);
    for (const person of ['trainerA', 'studentA1'] as const) {
      expect((await world.call(person, 'GET', '/api/admin/platform-configuration')).statusCode).toBe(403);
      expect((await world.call(person, 'GET', legalPath())).statusCode).toBe(403);
      expect((await world.call(person, 'PUT', legalPath(), { city: 'Paris' })).statusCode).toBe(403);
    }
  });
});
