import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import {
  type OpenedPage,
  saveScreenshot,
  signInThroughApi,
  submitSignIn,
  waitForHeading,
  waitForPath,
} from './support/pages';

// Issue 13 points 3 and 4. French is the default language: the texts of apps/web/src/locales/fr
// (quizAccess, auth, organizations).
const POSITIONING_QUIZ = 'Positionnement : Excel, où en êtes-vous ?';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const FUTURE_LEARNER = {
  firstName: 'Nina',
  lastName: 'Futur',
  email: `nina.futur.${stamp}@example.com`,
  password: 'Rivage-Lumiere-42!',
};

const journey = useJourney();

async function open(theme?: 'light' | 'dark'): Promise<OpenedPage> {
  const opened = await journey.open(theme ? { theme } : {});
  return opened;
}

/** Answers the seeded positioning questionnaire: a choice, true/false and the short answer. */
async function answerPositioning(page: Page) {
  await page.getByRole('radio', { name: 'Tous les jours' }).check();
  await page.getByRole('radio', { name: 'Vrai' }).check();
  await page.getByRole('textbox', { name: 'Votre réponse' }).fill('Somme');
}

describe('positioning before a formation, and a public quiz', () => {
  it('shows on the learner record a positioning link answered before sign-up', async () => {
    // The trainer sends the invitation in bulk (one line here) from the positioning screen.
    const trainer = await open();
    await signInThroughApi(trainer.page, journey.demo('trainer', 1), '/trainer/dashboard');
    await trainer.page.goto('/trainer/positioning');
    await waitForHeading(trainer.page, 'Positionnement et liens publics');
    const courseSelect = trainer.page.getByLabel('Formation', { exact: true });
    await courseSelect.locator('option').nth(1).waitFor({ state: 'attached' });
    await courseSelect.selectOption({ index: 1 });
    await trainer.page
      .getByLabel('Questionnaire de positionnement', { exact: true })
      .selectOption({ label: POSITIONING_QUIZ });
    // Before any recipient the button counts none.
    await trainer.page.getByRole('button', { name: 'Envoyer les invitations' }).waitFor();
    await trainer.page
      .getByLabel('Destinataires', { exact: true })
      .fill(
        `${FUTURE_LEARNER.firstName} ${FUTURE_LEARNER.lastName} <${FUTURE_LEARNER.email}>\npas-une-adresse`,
      );
    await trainer.page.getByRole('button', { name: 'Envoyer 2 invitations' }).click();
    await trainer.page.getByText('1 invitation envoyée.', { exact: true }).waitFor();
    await trainer.page.getByText('Adresse invalide', { exact: true }).waitFor();
    await expectNoSeriousViolations(trainer.page, '/trainer/positioning (send)');

    // The future learner answers from the emailed link, without an account.
    const link = await journey.server.waitForEmailLink(FUTURE_LEARNER.email, '/positioning/');
    const visitor = await open('light');
    await visitor.page.goto(link);
    await waitForHeading(visitor.page, POSITIONING_QUIZ);
    await expectNoSeriousViolations(visitor.page, '/positioning (light)');
    await visitor.page
      .getByLabel('Nom et prénom', { exact: true })
      .fill(`${FUTURE_LEARNER.firstName} ${FUTURE_LEARNER.lastName}`);
    await visitor.page.getByRole('button', { name: 'Commencer' }).click();
    await answerPositioning(visitor.page);
    // A reload keeps the attempt and the answers given so far.
    await visitor.page.reload();
    await visitor.page
      .getByRole('radio', { name: 'Tous les jours' })
      .and(visitor.page.locator(':checked'))
      .waitFor();
    await expectNoSeriousViolations(visitor.page, '/positioning questions (light)');
    await visitor.page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    // One question (several answers possible) is left blank: the page asks before sending.
    await visitor.page.getByRole('alertdialog').getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await waitForHeading(visitor.page, 'Merci !');
    // Single use: the same link now says it was used.
    await visitor.page.goto(link);
    await visitor.page.getByText('Vous avez déjà répondu à ce questionnaire', { exact: false }).waitFor();
    await saveScreenshot(visitor.page, 'positioning-used');

    // Later the person signs up as a learner with that address, confirms it and signs in.
    const learner = await open();
    await learner.page.goto('/auth');
    await learner.page.getByRole('tab', { name: 'Inscription' }).click();
    await learner.page.getByLabel('Prénom', { exact: true }).fill(FUTURE_LEARNER.firstName);
    await learner.page.getByLabel('Nom', { exact: true }).fill(FUTURE_LEARNER.lastName);
    await learner.page.getByLabel('Email', { exact: true }).fill(FUTURE_LEARNER.email);
    await learner.page.getByLabel('Mot de passe', { exact: true }).fill(FUTURE_LEARNER.password);
    await learner.page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(FUTURE_LEARNER.password);
    await learner.page.getByRole('radio', { name: 'Apprenant' }).check();
    await learner.page.getByRole('button', { name: 'Créer mon compte' }).click();
    await learner.page
      .getByText('Compte créé. Vérifiez votre boîte de réception', { exact: false })
      .waitFor();
    await learner.page.goto(
      await journey.server.waitForEmailLink(FUTURE_LEARNER.email, '/api/auth/verify-email'),
    );
    await learner.page.getByText('Email confirmé, vous pouvez vous connecter').waitFor();
    await submitSignIn(learner.page, FUTURE_LEARNER);
    await waitForPath(learner.page, '/dashboard');

    // The trainer places the learner in the organisation, then reads their positioning.
    await trainer.page.goto('/assign-organization');
    await trainer.page.getByLabel("Email de l'apprenant", { exact: true }).fill(FUTURE_LEARNER.email);
    await trainer.page.getByRole('button', { name: "Rattacher l'apprenant" }).click();
    await trainer.page.getByText("est rattaché à l'organisme", { exact: false }).waitFor();
    // Their record, from the learners list, shows the positioning they answered before signing up.
    await trainer.page.goto('/trainer/students');
    await trainer.page.getByLabel('Rechercher').fill(FUTURE_LEARNER.email);
    await trainer.page
      .getByRole('link', { name: `${FUTURE_LEARNER.firstName} ${FUTURE_LEARNER.lastName}`, exact: true })
      .click();
    await waitForHeading(trainer.page, 'Fiche apprenant');
    await trainer.page
      .getByRole('heading', {
        name: `Positionnement de ${FUTURE_LEARNER.firstName} ${FUTURE_LEARNER.lastName}`,
      })
      .waitFor();
    const item = trainer.page
      .getByRole('list', { name: 'Tests de positionnement de l’apprenant' })
      .getByRole('listitem');
    await item.getByText('Répondu', { exact: true }).waitFor();
    await item
      .getByText(`Compte apprenant : ${FUTURE_LEARNER.firstName} ${FUTURE_LEARNER.lastName}`, {
        exact: false,
      })
      .waitFor();
    await item.getByRole('button', { name: 'Voir les réponses' }).click();
    const dialog = trainer.page.getByRole('dialog');
    await dialog.getByText('Somme', { exact: true }).waitFor();
    await expectNoSeriousViolations(trainer.page, '/trainer/students/:id (positioning)');
    await saveScreenshot(trainer.page, 'positioning-learner-report');

    expect(trainer.pageErrors).toEqual([]);
    expect(visitor.pageErrors).toEqual([]);
    expect(learner.pageErrors).toEqual([]);
  });

  it('lets anyone with a public link take the quiz, giving a name and an email', async () => {
    const trainer = await open('light');
    await signInThroughApi(trainer.page, journey.demo('trainer', 0), '/trainer/dashboard');
    await trainer.page.goto('/trainer/positioning?tab=publicLinks');
    await trainer.page.getByLabel('Quiz', { exact: true }).selectOption({ label: POSITIONING_QUIZ });
    const url = await trainer.page.getByLabel('Adresse du lien public', { exact: true }).inputValue();
    await expectNoSeriousViolations(trainer.page, '/trainer/positioning public links (light)');

    const visitor = await open();
    await visitor.page.goto(new URL(url).pathname);
    await waitForHeading(visitor.page, POSITIONING_QUIZ);
    await visitor.page.getByRole('button', { name: 'Commencer' }).click();
    await visitor.page.getByText('Indiquez votre nom.', { exact: true }).waitFor();
    await visitor.page.getByLabel('Nom et prénom', { exact: true }).fill('Samir Visiteur');
    await visitor.page.getByLabel('Adresse email', { exact: true }).fill(`samir.${stamp}@example.com`);
    await visitor.page.getByRole('button', { name: 'Commencer' }).click();
    await answerPositioning(visitor.page);
    await visitor.page.getByRole('checkbox', { name: 'Trier et filtrer un tableau' }).check();
    await visitor.page.getByRole('checkbox', { name: 'Créer un graphique' }).check();
    await visitor.page.getByRole('checkbox', { name: 'Construire un tableau croisé dynamique' }).check();
    await expectNoSeriousViolations(visitor.page, '/quiz/{id}/public (dark)');
    await visitor.page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await visitor.page.getByText('Réussi', { exact: true }).waitFor();
    await visitor.page.getByText(/Votre score\s: 100\s%/).waitFor();

    // The trainer reads the visitor's answers.
    await trainer.page.reload();
    await trainer.page.getByLabel('Quiz', { exact: true }).selectOption({ label: POSITIONING_QUIZ });
    await trainer.page.getByText('Samir Visiteur', { exact: true }).waitFor();
    expect(trainer.pageErrors).toEqual([]);
    expect(visitor.pageErrors).toEqual([]);
  });
});
