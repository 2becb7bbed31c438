import type { EmailPreferences } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoEmail(world: DemoWorld) {
  async function preferencesOf(local: string): Promise<Record<string, boolean>> {
    const answer = await world.get(local, '/api/email-preferences');
    const { preferences } = answer.json() as EmailPreferences;
    return Object.fromEntries(preferences.map((each) => [each.kind, each.enabled]));
  }

  describe('demo email preferences', () => {
    it('shows a learner and a trainer with one kind each turned off, the rest on', async () => {
      const hugo = await preferencesOf('hugo.bernard');
      expect(Object.entries(hugo).filter(([, enabled]) => !enabled)).toEqual([
        ['inactivity-reminder', false],
      ]);
      const julien = await preferencesOf('julien.moreau');
      expect(Object.entries(julien).filter(([, enabled]) => !enabled)).toEqual([
        ['student-reply-received', false],
      ]);
      expect(Object.values(await preferencesOf('lea.martin')).every(Boolean)).toBe(true);
    });

    it('sends the demo learners their reminders once, skipping what they turned off', async () => {
      const { reminders } = world.testApp.modules;
      const at = new Date();
      await reminders.service.sendInactivityReminders(at);
      await reminders.service.sendMissingSignatureReminders(at);
      expect(await reminders.service.sendInactivityReminders(at)).toBe(0);
      expect(await reminders.service.sendMissingSignatureReminders(at)).toBe(0);
    });
  });
}
