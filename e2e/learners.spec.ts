import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { signInThroughApi, waitForHeading } from './support/pages';

// Issue 16's journey: a trainer imports 20 learners from a CSV as older French Excel writes it
// (Windows-1252, semicolons), two rows of which are bad; sees each row's state, enrols the others in
// the demo formation, and watches the dashboard and the analytics count them. Texts:
// apps/web/src/locales/fr/learners.json, analytics.json.
const journey = useJourney();

const FIRST_NAMES = [
  'Hélène',
  'Cédric',
  'Noémie',
  'François',
  'Zoé',
  'Jérôme',
  'Anaïs',
  'Loïc',
  'Maëlle',
  'Raphaël',
];
const LAST_NAMES = [
  'Müller',
  'Lefèvre',
  'Garçon',
  'Bélanger',
  'Dupré',
  'Léger',
  'Crépin',
  'Bréhat',
  'Gégé',
  'Thérond',
];

/**
 * Twenty rows: eighteen good ones, one without an email and one with a broken address. Encoded as
 * Latin-1, which is Windows-1252 for every accented letter used here: what Excel's "CSV (séparateur :
 * point-virgule)" writes on a French Windows.
 */
function frenchExcelCsv(): Buffer {
  const lines = ['nom;prénom;email;téléphone'];
  for (let index = 0; index < 20; index += 1) {
    const first = FIRST_NAMES[index % 10]!;
    const last = `${LAST_NAMES[Math.floor(index / 2) % 10]!}${index >= 10 ? '-Roux' : ''}`;
    const email =
      index === 6 ? '' : index === 13 ? 'adresse-sans-arobase.fr' : `import.${index + 1}@exemple-import.fr`;
    lines.push([last, first, email, index % 3 === 0 ? '06 12 34 56 78' : ''].join(';'));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

async function figures(page: import('playwright-core').Page) {
  return page.evaluate(async () => {
    const dashboard = (await (await fetch('/api/trainer/dashboard')).json()) as {
      learners: { total: number };
      enrolments: number;
    };
    const analytics = (await (await fetch('/api/trainer/analytics?period=30d')).json()) as {
      enrolments: { total: number };
    };
    return {
      learners: dashboard.learners.total,
      enrolments: dashboard.enrolments,
      enrolledThisMonth: analytics.enrolments.total,
    };
  });
}

describe('learners', () => {
  it('imports learners from a French Excel CSV, row by row, and the dashboard and analytics count them', async () => {
    const { page } = await journey.open({ theme: 'light' });
    await signInThroughApi(page, journey.demo('trainer', 0), '/trainer/dashboard');
    const before = await figures(page);

    await page.goto('/trainer/students');
    await waitForHeading(page, 'Apprenants');
    await page.getByRole('button', { name: 'Importer un fichier CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des apprenants' });
    await dialog.getByLabel('Fichier CSV').setInputFiles({
      name: 'apprenants.csv',
      mimeType: 'text/csv',
      buffer: frenchExcelCsv(),
    });
    await dialog.getByText('20 lignes lues : à importer 18, en erreur 2.').waitFor();
    // Accents read right from Windows-1252, and each bad row says why.
    await dialog.getByRole('cell', { name: 'Hélène' }).first().waitFor();
    await dialog.getByRole('cell', { name: 'Müller' }).first().waitFor();
    await dialog.getByText('Email manquant').waitFor();
    await dialog.getByText('Email invalide').waitFor();
    await expectNoSeriousViolations(page, 'import preview (light)');

    await dialog.getByLabel('Excel : les fondamentaux').check();
    await dialog.getByRole('button', { name: 'Importer 18 apprenants' }).click();
    await dialog.getByText('Import terminé').waitFor();
    await dialog
      .getByText('18 apprenants importés et invités par email. Lignes non importées : 2.')
      .waitFor();
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await page.keyboard.press('Escape');

    // The list finds them; the dashboard and the analytics count them.
    await page.getByLabel('Rechercher').fill('Lefèvre');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Lefèvre');
    await page.getByRole('link', { name: 'Noémie Lefèvre', exact: true }).waitFor();
    const after = await figures(page);
    expect(after).toEqual({
      learners: before.learners + 18,
      enrolments: before.enrolments + 18,
      enrolledThisMonth: before.enrolledThisMonth + 18,
    });
    await page.goto('/trainer/dashboard');
    const learnersCard = page.getByRole('link', { name: /Apprenants actifs/ });
    await expect.poll(async () => learnersCard.textContent()).toContain(`/ ${after.learners}`);

    // Both themes: the list and a learner's record, checked by axe.
    const dark = await journey.open({ theme: 'dark' });
    await signInThroughApi(dark.page, journey.demo('trainer', 1), '/trainer/dashboard');
    await dark.page.goto('/trainer/students');
    await dark.page.getByLabel('Rechercher').fill('Müller');
    // As a user would, wait for the search to settle (it writes to the address once typing
    // pauses) before opening a result.
    await dark.page.waitForURL((url) => url.searchParams.get('q') === 'Müller');
    await dark.page.getByRole('link', { name: 'Hélène Müller', exact: true }).click();
    await waitForHeading(dark.page, 'Fiche apprenant');
    await dark.page.getByText('Excel : les fondamentaux').first().waitFor();
    await expectNoSeriousViolations(dark.page, 'learner record (dark)');
    await dark.page.goto('/trainer/students');
    await dark.page.getByRole('link', { name: 'Hélène Müller', exact: true }).waitFor();
    await expectNoSeriousViolations(dark.page, '/trainer/students (dark)');
    expect(dark.pageErrors).toEqual([]);
  });
});
