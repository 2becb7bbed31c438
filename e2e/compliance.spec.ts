import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi, waitForHeading } from './support/pages';

// Issue 17 point 1: the demo organisation (a formation, a positioning quiz, a session with
// signatures, a satisfaction survey) sees those indicators evidenced; the trainer changes the
// organisation's profile, uploads a document and downloads the audit pack, which holds the files.
const journey = useJourney();

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);

/** The names of a ZIP's entries (its central directory, read by yauzl). */
function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const indicator = (page: Page, number: number) =>
  page.getByRole('article', { name: new RegExp(`^Indicateur ${number} ·`) });

async function openCompliance(page: Page) {
  await page.goto('/trainer/compliance');
  await waitForHeading(page, 'Conformité Qualiopi');
  await page.getByRole('heading', { name: 'Préparation à l’audit' }).waitFor();
}

describe('Qualiopi compliance', () => {
  it('shows the evidence the platform holds, takes a profile and a document, and packs them for the audit', async () => {
    const { page, pageErrors } = await journey.open({ theme: 'light' });
    await signInThroughApi(page, journey.demo('trainer', 0), '/trainer/dashboard');
    await page.goto('/trainer/qualiopi');
    await page.waitForURL((url) => url.pathname === '/trainer/compliance');
    await waitForHeading(page, 'Conformité Qualiopi');
    await page.getByRole('heading', { name: 'Préparation à l’audit' }).waitFor();

    // Positioning (8), convocations (9), evaluations (11) and satisfaction (30) are evidenced by
    // what the demo's learners and trainers did; the disability adviser's appointment was uploaded.
    for (const number of [8, 9, 11, 26, 30]) await indicator(page, number).getByText('Prouvé').waitFor();
    await expectNoSeriousViolations(page, '/trainer/compliance (light)');

    // A document for indicator 4, the needs analysis.
    await indicator(page, 4)
      .getByRole('button', { name: /Déposer une preuve/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Déposer une preuve pour l’indicateur 4' });
    await dialog.getByLabel('Titre du document').fill('Grille d’analyse du besoin');
    await dialog.getByLabel('Date du document').fill('2026-01-12');
    await dialog
      .getByLabel('Fichier')
      .setInputFiles({ name: 'analyse.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectNoSeriousViolations(page, 'evidence dialog (light)');
    await dialog.getByRole('button', { name: 'Déposer' }).click();
    await page.getByText('Preuve déposée').waitFor();
    await indicator(page, 4).getByRole('link', { name: 'Ouvrir Grille d’analyse du besoin' }).waitFor();
    await indicator(page, 4).getByText('Prouvé').waitFor();

    // A certifying organisation: indicators 3, 7 and 16 join the list.
    expect(await indicator(page, 3).count()).toBe(1);
    await expect.poll(() => indicator(page, 3).getByText('Non applicable').count()).toBe(1);
    await page.getByLabel('Formations certifiantes').check();
    await page.getByText('26 indicateurs applicables').waitFor();
    await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await page.getByText('Profil de l’organisme enregistré').waitFor();
    await indicator(page, 3).getByText('Manquant').waitFor();

    // One click: the pack arrives with its progress shown, sorted by indicator.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le dossier d’audit' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-qualiopi-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = await zipEntries(await readFile((await download.path())!));
    expect(names).toEqual(
      expect.arrayContaining([
        '00-synthese.pdf',
        '00-synthese.csv',
        '01-information-sur-les-prestations/indicateur-01.pdf',
        '03-taux-d-obtention-des-certifications/indicateur-03.pdf',
        '04-analyse-du-besoin/fichiers/2026-01-12-grille-d-analyse-du-besoin.pdf',
        '08-positionnement-et-evaluation-a-l-entree/preuves.csv',
        '26-accueil-des-personnes-en-situation-de-handicap/indicateur-26.pdf',
        '30-recueil-des-appreciations/indicateur-30.pdf',
      ]),
    );
    expect(names.some((name) => name.startsWith('14-'))).toBe(false);
    // The demo's signed group session, its attendance sheet in indicator 12's folder.
    expect(
      names.filter((name) => /^12-[^/]+\/emargements\/\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.pdf$/.test(name)),
    ).toHaveLength(1);
    await page.getByText('Dossier d’audit téléchargé').waitFor();
    expect(pageErrors).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe on the indicators and each register (${theme} theme)`, async () => {
      const { page, pageErrors } = await journey.open({ theme });
      await signInThroughApi(page, journey.demo('trainer', 1), '/trainer/dashboard');
      await openCompliance(page);
      await indicator(page, 8).getByText('Prouvé').waitFor();
      await expectNoSeriousViolations(page, `/trainer/compliance (${theme})`);
      for (const tab of ['Réclamations', 'Améliorations', 'Veille']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect
          .poll(() => page.locator('[aria-busy="true"], [role="status"]:has-text("Chargement")').count())
          .toBe(0);
        await expectNoSeriousViolations(page, `/trainer/compliance ${tab} (${theme})`);
      }
      expect(pageErrors).toEqual([]);
    });
  }
});
