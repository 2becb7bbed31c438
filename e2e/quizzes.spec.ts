import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { type Credentials, type OpenedPage, signInThroughApi, waitForHeading } from './support/pages';

// Issue 13's quiz journey (points 1 and 2): a trainer builds a 5-question quiz with a 60 % passing
// score on the demo's published formation; a learner fails it, reloads in the middle of the retake
// without losing answers, and passes. French texts of apps/web/src/locales/fr/quizzes.json.
const QUIZ_TITLE = 'Quiz : parcours Excel';
const COURSE_TITLE = 'Excel : les fondamentaux';

const journey = useJourney();

async function signIn(
  account: Credentials,
  landingPath: string,
  theme: 'light' | 'dark',
): Promise<OpenedPage> {
  const opened = await journey.open({ theme });
  await signInThroughApi(opened.page, account, landingPath);
  return opened;
}

/** The editor's block of question `number`. */
function questionBlock(page: Page, number: number): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Question ${number}`, exact: true }) });
}

async function writeChoices(block: Locator, texts: string[], correct: number[]) {
  for (const [index, text] of texts.entries()) {
    const letter = String.fromCharCode(65 + index);
    if (index >= 2) await block.getByRole('button', { name: 'Ajouter une réponse' }).click();
    await block.getByLabel(`Réponse ${letter}`, { exact: true }).fill(text);
    await block
      .getByRole('checkbox', { name: `Bonne réponse : Réponse ${letter}` })
      .setChecked(correct.includes(index));
  }
}

/** Answers the question on screen and waits until the server has it. */
async function answer(page: Page, act: () => Promise<void>) {
  const saved = page.waitForResponse(
    (response) => /\/api\/learning\/quiz-attempts\/.+\/answers\//.test(response.url()) && response.ok(),
  );
  await act();
  await saved;
}

const next = (page: Page) => page.getByRole('button', { name: 'Question suivante' }).click();

async function submitAttempt(page: Page) {
  await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await page.getByRole('heading', { name: new RegExp(`^Résultat · ${QUIZ_TITLE}`) }).waitFor();
}

describe('quizzes', () => {
  it('lets a trainer build a 5-question quiz and a learner fail it, reload mid-retake and pass', async () => {
    // The trainer, in the dark theme (SPEC 9 default).
    const trainer = await signIn(journey.demo('trainer', 0), '/trainer/dashboard', 'dark');
    const { page } = trainer;
    await page.goto('/trainer/quizzes');
    await waitForHeading(page, 'Quiz');
    await page.getByRole('tab', { name: 'Quiz', exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'trainer quiz list (dark)');
    await page.getByRole('button', { name: 'Nouveau quiz' }).click();
    await page.getByLabel('Titre', { exact: true }).fill(QUIZ_TITLE);
    await page.getByLabel('Seuil de réussite (%)').fill('60');
    const course = page.getByLabel('Formation', { exact: true });
    await expect.poll(() => course.locator('option').allTextContents()).toContain(COURSE_TITLE);
    await course.selectOption({ label: COURSE_TITLE });

    const first = questionBlock(page, 1);
    await first.getByLabel('Énoncé').fill('Par quel caractère commence une formule ?');
    await writeChoices(first, ['=', '+'], [0]);

    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    const second = questionBlock(page, 2);
    await second.getByLabel('Type de question').selectOption('multiple_choice');
    await second.getByLabel('Énoncé').fill('Quelles fonctions calculent sur une plage ?');
    await writeChoices(second, ['SOMME', 'MOYENNE', 'CONCATENER'], [0, 1]);

    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    const third = questionBlock(page, 3);
    await third.getByLabel('Type de question').selectOption('true_false');
    await third.getByLabel('Énoncé').fill('$B$2 est une référence absolue.');
    await third.getByRole('checkbox', { name: 'Bonne réponse : Vrai' }).setChecked(true);

    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    const fourth = questionBlock(page, 4);
    await fourth.getByLabel('Type de question').selectOption('short_answer');
    await fourth.getByLabel('Énoncé').fill('Quelle fonction affiche un résultat selon une condition ?');
    await fourth.getByLabel('Réponses acceptées').fill('SI');

    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    const fifth = questionBlock(page, 5);
    await fifth.getByLabel('Énoncé').fill('Quel graphique montre une évolution ?');
    await writeChoices(fifth, ['Une courbe', 'Des secteurs'], [0]);

    await expectNoSeriousViolations(page, 'quiz editor (dark)');
    await page.getByRole('button', { name: 'Enregistrer le quiz' }).click();
    const listed = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: QUIZ_TITLE }) });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('5 questions');
    expect(await listed.textContent()).toContain(`Formation\u00a0: ${COURSE_TITLE}`);
    expect(await listed.textContent()).toContain('Seuil de réussite\u00a0: 60\u202f%');
    expect(trainer.pageErrors).toEqual([]);

    // A learner of the formation, in the light theme.
    const learner = await signIn(journey.demo('student', 2), '/dashboard', 'light');
    const student = learner.page;
    await student.goto('/quizz');
    await waitForHeading(student, 'Mes quiz');
    await student.getByRole('button', { name: `Ouvrir : ${QUIZ_TITLE}` }).click();
    await student.getByRole('heading', { name: QUIZ_TITLE }).waitFor();
    await expectNoSeriousViolations(student, 'learner quiz page (light)');
    await student.getByRole('button', { name: 'Commencer le quiz' }).click();

    // First attempt: one right answer out of five, then submitted: 20 %, failed.
    await answer(student, () => student.getByRole('radio', { name: '=' }).check());
    await expectNoSeriousViolations(student, 'taking a quiz (light)');
    await next(student);
    await answer(student, () => student.getByRole('checkbox', { name: 'CONCATENER' }).check());
    await next(student);
    await answer(student, () => student.getByRole('radio', { name: 'Faux' }).check());
    await submitAttempt(student);
    await student.getByText('Quiz non réussi').waitFor();
    await student.getByText('Score : 20 % (1 / 5 points)').waitFor();
    await expectNoSeriousViolations(student, 'quiz result (light)');

    // The retake: two answers, a reload, and both are still there.
    await student.getByRole('button', { name: 'Repasser le quiz' }).click();
    await answer(student, () => student.getByRole('radio', { name: '=' }).check());
    await next(student);
    await answer(student, () => student.getByRole('checkbox', { name: 'SOMME' }).check());
    await answer(student, () => student.getByRole('checkbox', { name: 'MOYENNE' }).check());
    await student.reload();
    const progress = student.getByRole('progressbar');
    await expect.poll(() => progress.getAttribute('aria-valuetext')).toBe('2 sur 5 répondues');
    // Back on the first unanswered question; the earlier answers are as they were left.
    await student.getByRole('radio', { name: 'Vrai' }).waitFor();
    await student.getByRole('button', { name: 'Question 1 (répondue)' }).click();
    expect(await student.getByRole('radio', { name: '=' }).isChecked()).toBe(true);
    await next(student);
    expect(await student.getByRole('checkbox', { name: 'SOMME' }).isChecked()).toBe(true);
    expect(await student.getByRole('checkbox', { name: 'MOYENNE' }).isChecked()).toBe(true);
    await next(student);
    await answer(student, () => student.getByRole('radio', { name: 'Vrai' }).check());
    await next(student);
    await answer(student, () => student.getByRole('textbox', { name: 'Votre réponse' }).fill('si'));
    await next(student);
    await answer(student, () => student.getByRole('radio', { name: 'Une courbe' }).check());
    await submitAttempt(student);
    await student.getByText('Quiz réussi', { exact: true }).waitFor();
    await student.getByText('Score : 100 % (5 / 5 points)').waitFor();

    // The history shows both attempts; the list files the quiz under done.
    await student.getByRole('button', { name: 'Retour au quiz' }).click();
    const history = student.getByRole('region', { name: 'Historique des tentatives' });
    await history.getByText('Tentative 2', { exact: true }).waitFor();
    expect(await history.getByText('Réussi', { exact: true }).count()).toBe(1);
    expect(await history.getByText('Échoué', { exact: true }).count()).toBe(1);
    expect(learner.pageErrors).toEqual([]);
  });

  it('passes axe on the quiz screens in the other theme: bank, question dialog, preview, learner list and result', async () => {
    const trainer = await signIn(journey.demo('trainer', 1), '/trainer/dashboard', 'light');
    await trainer.page.goto('/trainer/quizzes?tab=bank');
    await trainer.page.getByRole('heading', { name: 'Catégories', exact: true }).waitFor();
    await trainer.page.getByText('Formules et fonctions (5 questions)').waitFor();
    await expectNoSeriousViolations(trainer.page, 'question bank (light)');
    await trainer.page.getByRole('button', { name: 'Nouvelle question' }).click();
    await trainer.page.getByRole('dialog', { name: 'Nouvelle question' }).waitFor();
    await expectNoSeriousViolations(trainer.page, 'bank question dialog (light)');
    await trainer.page.getByRole('button', { name: 'Fermer sans enregistrer' }).click();
    await trainer.page.goto('/trainer/quizzes');
    await trainer.page.getByRole('button', { name: 'Aperçu' }).first().click();
    await trainer.page.getByRole('dialog').waitFor();
    await expectNoSeriousViolations(trainer.page, 'quiz preview (light)');
    expect(trainer.pageErrors).toEqual([]);

    const learner = await signIn(journey.demo('student', 0), '/dashboard', 'dark');
    const { page } = learner;
    await page.getByRole('region', { name: 'Mes quiz' }).waitFor();
    await page.goto('/quizz');
    await waitForHeading(page, 'Mes quiz');
    await page.getByRole('tab', { name: /^Terminés/ }).click();
    await page.getByRole('button', { name: 'Ouvrir : Quiz : formules et fonctions' }).waitFor();
    await expectNoSeriousViolations(page, 'learner quiz list (dark)');
    await page.getByRole('button', { name: 'Ouvrir : Quiz : formules et fonctions' }).click();
    await page.getByRole('button', { name: 'Voir le résultat de la tentative 2' }).click();
    await page.getByText('Quiz réussi', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'quiz result (dark)');
    expect(learner.pageErrors).toEqual([]);
  });
});
