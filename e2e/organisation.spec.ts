import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi } from './support/pages';

// Issue 16: every screen of running the organisation, with the demo organisation's data, checked by
// axe in both themes. The journeys (learners.spec.ts, analytics.spec.ts) drive what they do.
const journey = useJourney();

/** The first learner's and the first trainer's records, as the API lists them. */
async function recordPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const learners = (await (await fetch('/api/learners?pageSize=1')).json()) as { items: { id: string }[] };
    const team = (await (await fetch('/api/trainer/trainers?pageSize=1')).json()) as {
      items: { id: string }[];
    };
    return [`/trainer/students/${learners.items[0]!.id}`, `/trainer/${team.items[0]!.id}`];
  });
}

const SCREENS = [
  '/trainer/students',
  '/trainer/trainers',
  '/trainer/documents',
  '/trainer/custom-evaluations',
  '/trainer/planning',
  '/trainer/marketplace',
  '/trainer/settings',
  '/trainer/legal-info',
  '/trainer/help',
];

describe('running the organisation', () => {
  for (const [index, theme] of (['light', 'dark'] as const).entries()) {
    it(`shows each screen with the demo's data, without serious accessibility violations (${theme} theme)`, async () => {
      const { page, pageErrors } = await journey.open({ theme });
      await signInThroughApi(page, journey.demo('trainer', index), '/trainer/dashboard');
      for (const path of [...SCREENS, ...(await recordPaths(page))]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Wait for the data, not for a time: no loading state left on screen.
        await expect
          .poll(() => page.locator('[aria-busy="true"], [role="status"]:has-text("Chargement")').count())
          .toBe(0);
        expect(await page.getByText('Cet écran arrive avec une prochaine version').count(), path).toBe(0);
        await expectNoSeriousViolations(page, `${path}, ${theme}`);
      }
      expect(pageErrors).toEqual([]);
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`shows a learner their documents, without serious accessibility violations (${theme} theme)`, async () => {
      const { page, pageErrors } = await journey.open({ theme });
      await signInThroughApi(page, journey.demo('student', theme === 'light' ? 0 : 1), '/dashboard');
      await page.goto('/student/documents');
      await page.getByText('Règlement intérieur').first().waitFor();
      await expectNoSeriousViolations(page, `/student/documents, ${theme}`);
      expect(pageErrors).toEqual([]);
    });
  }

  it('lets a funder answer a survey from its emailed link, in both themes', async () => {
    const trainer = await journey.open();
    await signInThroughApi(trainer.page, journey.demo('trainer', 1), '/trainer/dashboard');
    // Each address gets its own single-use link: one per theme.
    const recipients = ['light', 'dark'].map((theme) => `financeur.${theme}@example.com`);
    const sent = await trainer.page.evaluate(async (emails) => {
      const list = (await (await fetch('/api/trainer/evaluations?kind=survey')).json()) as {
        items: { id: string; title: string }[];
      };
      const survey = list.items.find((item) => item.title === 'Enquête financeurs 2026')!;
      const response = await fetch(`/api/trainer/evaluations/${survey.id}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ recipients: emails.map((email) => ({ email, name: '' })) }),
      });
      return response.status;
    }, recipients);
    expect(sent).toBe(200);

    for (const [index, theme] of (['light', 'dark'] as const).entries()) {
      const link = await journey.server.waitForEmailLink(recipients[index]!, '/evaluations/answer/');
      const visitor = await journey.open({ theme });
      await visitor.page.goto(link);
      await visitor.page.getByRole('heading', { name: 'Enquête financeurs 2026' }).waitFor();
      await visitor.page.getByRole('button', { name: 'Envoyer mes réponses' }).waitFor();
      await expectNoSeriousViolations(visitor.page, `/evaluations/answer/{token}, ${theme}`);
      expect(visitor.pageErrors).toEqual([]);
    }
  });
});
