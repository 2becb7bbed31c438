import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';
import { unzip } from '../../../test/helper.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoPrivacy(world: DemoWorld) {
  describe('demo personal data export', () => {
    it('gives the demo learner a zip of their formations, time and files', async () => {
      const response = await world.get('lea.martin', '/api/privacy/export');
      expect(response.statusCode, response.body).toBe(200);
      const entries = await unzip(response.rawPayload);
      const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
      expect(data.profile[0].email).toBe(world.account('lea.martin').email);
      expect(data.enrollments.length).toBeGreaterThan(0);
      expect(data.timeSessions.length).toBeGreaterThan(0);
      // Every file the records name is in the zip, whole.
      for (const [name, bytes] of entries)
        if (name.startsWith('files/')) expect(bytes.length).toBeGreaterThan(0);
    });
  });
}
