import type { DocumentList, LearnerDocuments } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoDocuments(world: DemoWorld) {
  const as = async (local: string) => (url: string) => world.get(local, url);

  describe('demo documents', () => {
    it('gives the demo organisation its rules, terms and programme, and Léa her convention and convocation', async () => {
      const julien = await as('julien.moreau');
      const list = (await julien('/api/trainer/documents')).json() as DocumentList;
      expect(list.items.map((item) => item.category).sort()).toEqual(
        ['internal_rules', 'programme', 'template', 'terms'].sort(),
      );

      const lea = await as('lea.martin');
      const mine = (await lea('/api/student/documents')).json() as LearnerDocuments;
      expect(mine.shared.map((item) => item.category).sort()).toEqual([
        'internal_rules',
        'programme',
        'terms',
      ]);
      const withConvention = mine.enrolments.find((enrolment) => enrolment.documents.length > 0)!;
      expect(withConvention.documents[0]).toMatchObject({
        category: 'convention',
        title: 'Convention de formation signée',
      });
      const file = await lea(withConvention.documents[0]!.fileUrl);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const convocation = await lea(withConvention.convocationUrl);
      expect(convocation.statusCode).toBe(200);
      expect(convocation.headers['content-type']).toBe('application/pdf');

      const hugo = await as('hugo.bernard');
      const his = (await hugo('/api/student/documents')).json() as LearnerDocuments;
      expect(his.enrolments.flatMap((enrolment) => enrolment.documents)).toEqual([]);
    });
  });
}
