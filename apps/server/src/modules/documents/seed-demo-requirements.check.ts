import type {
  DocumentRequirementList,
  MyRequirementChecks,
  OrganizationChecks,
  RequirementOverview,
} from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoDocumentRequirements(world: DemoWorld) {
  const get = async <T>(local: string, url: string) => {
    const response = await world.get(local, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  describe('demo document requirements', () => {
    it('defines requirements for organisations and learners', async () => {
      const list = await get<DocumentRequirementList>('admin', '/api/admin/document-requirements');
      expect(list.items.filter((item) => item.audience === 'organization').map((item) => item.name)).toEqual(
        expect.arrayContaining([
          'Règlement intérieur',
          'Conditions générales de vente',
          "Attestation d'assurance RC Pro",
        ]),
      );
      expect(
        list.items
          .filter((item) => item.audience === 'learner')
          .map((item) => item.name)
          .sort(),
      ).toEqual(['Convention signée', "Pièce d'identité"]);
    });

    it('shows the demo organisation each state, and its staff the refusal’s comment', async () => {
      const checks = await get<OrganizationChecks>(
        'julien.moreau',
        '/api/trainer/document-requirements?pageSize=100',
      );
      const state = Object.fromEntries(checks.checks.map((check) => [check.name, check.state]));
      expect(state).toEqual({
        'Règlement intérieur': 'valid',
        'Conditions générales de vente': 'refused',
        "Attestation d'assurance RC Pro": 'missing',
      });
      expect(checks.checks.find((check) => check.state === 'refused')?.review?.comment).toContain(
        'rétractation',
      );
      const lea = checks.learners.items.find((learner) => learner.fullName === 'Léa Martin');
      expect(Object.fromEntries(lea!.checks.map((check) => [check.name, check.state]))).toEqual({
        'Convention signée': 'valid',
        "Pièce d'identité": 'to_review',
      });
      const mine = await get<MyRequirementChecks>('lea.martin', '/api/student/document-requirements');
      expect(mine.checks.map((check) => check.state).sort()).toEqual(['to_review', 'valid']);
    });

    it('counts every organisation in the admin’s overview', async () => {
      const overview = await get<RequirementOverview>(
        'admin',
        '/api/admin/document-requirements/organizations',
      );
      expect(overview.total).toBeGreaterThanOrEqual(2);
      const demo = overview.items.find((item) => item.organization.name === 'Organisme Démo');
      expect(demo?.counts.valid).toBe(2);
      expect(demo?.counts.refused).toBe(1);
      expect(demo?.counts.to_review).toBe(1);
    });
  });
}
