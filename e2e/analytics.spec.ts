import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi, waitForHeading } from './support/pages';

// Issue 16 points 1 and 6: the demo trainer reads the organisation's key figures, the analytics of
// the last twelve months, exports a chart for Excel and publishes results indicators a visitor
// then reads. Texts: apps/web/src/locales/fr/analytics.json.
const journey = useJourney();

describe('dashboard and analytics', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the key figures and the charts without serious accessibility violations (${theme} theme)`, async () => {
      const trainer = await journey.open({ theme });
      await signInThroughApi(
        trainer.page,
        journey.demo('trainer', theme === 'light' ? 0 : 1),
        '/trainer/dashboard',
      );
      const learners = trainer.page.getByRole('link', { name: /Apprenants actifs/ });
      await learners.waitFor();
      expect(await learners.getAttribute('href')).toBe('/trainer/students');
      await trainer.page.getByRole('region', { name: /à relancer/ }).waitFor();
      await expectNoSeriousViolations(trainer.page, `/trainer/dashboard, ${theme}`);

      await trainer.page.goto('/trainer/analytics');
      await waitForHeading(trainer.page, 'Statistiques');
      await trainer.page.getByLabel('Période', { exact: true }).selectOption('12m');
      await trainer.page.getByRole('region', { name: 'Inscriptions' }).waitFor();
      await trainer.page.getByRole('table').waitFor();
      await expectNoSeriousViolations(trainer.page, `/trainer/analytics, ${theme}`);
      expect(trainer.pageErrors).toEqual([]);
    });
  }

  it('exports a chart for French Excel and publishes the results indicators', async () => {
    const trainer = await journey.open();
    await signInThroughApi(trainer.page, journey.demo('trainer', 0), '/trainer/dashboard');
    await trainer.page.goto('/trainer/analytics');
    await waitForHeading(trainer.page, 'Statistiques');
    const csv = await trainer.page.evaluate(async () => {
      const response = await fetch('/api/trainer/analytics/export?chart=outcomes&period=12m');
      // The bytes, not text(): decoding drops the BOM, and the BOM is what French Excel needs.
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        type: response.headers.get('content-type'),
        bom: [...bytes.subarray(0, 3)],
        text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
      };
    });
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.text.startsWith('\uFEFFFormation;Inscrits sur la période;')).toBe(true);

    const settings = trainer.page.getByRole('region', { name: 'Indicateurs de résultats publics' });
    await settings.getByLabel('Publier la page des indicateurs').check();
    await settings.getByLabel(/^Taux de complétion/).check();
    await settings.getByLabel(/^Apprenants formés/).check();
    await settings.getByRole('button', { name: 'Enregistrer et recalculer' }).click();
    const publicLink = settings.getByRole('link', { name: /Voir la page publique/ });
    await publicLink.waitFor();
    const href = await publicLink.getAttribute('href');
    expect(href).toMatch(/^\/indicators\/[0-9a-f-]{36}$/);

    for (const theme of ['light', 'dark'] as const) {
      const visitor = await journey.open({ theme });
      await visitor.page.goto(href!);
      await waitForHeading(visitor.page, 'Indicateurs de résultats');
      await visitor.page.getByText('Taux de complétion').waitFor();
      expect(await visitor.page.getByText('Taux d’abandon').count()).toBe(0);
      await expectNoSeriousViolations(visitor.page, `${href}, ${theme}`);
      expect(visitor.pageErrors).toEqual([]);
    }
  });
});
