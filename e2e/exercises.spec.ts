import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import { type OpenedPage, signInThroughApi } from './support/pages';

// Issue 13's exercises journey: a trainer sets practical work on the demo formation, a learner hands
// in a written answer, the trainer asks for it again with feedback, the learner reads the feedback
// and hands it in again, and the trainer marks it reviewed; the learner can no longer change it.
// Texts: apps/web/src/locales/*/exercises.json.
const TITLE = 'Tableau de suivi des ventes';
const INSTRUCTIONS = 'Construisez un tableau des ventes par mois avec un total et une moyenne.';
const FEEDBACK = 'Ajoutez la moyenne mensuelle sous le total.';

const journey = useJourney();

async function signIn(
  role: 'student' | 'trainer',
  index: number,
  theme: 'light' | 'dark',
): Promise<OpenedPage> {
  const opened = await journey.open({ theme });
  await signInThroughApi(
    opened.page,
    journey.demo(role, index),
    role === 'student' ? '/dashboard' : '/trainer/dashboard',
  );
  return opened;
}

describe('exercises', () => {
  it('carries work from the trainer to a learner and back, to redo then reviewed', async () => {
    const { page: trainer } = await signIn('trainer', 0, 'light');
    await trainer.goto('/trainer/exercises');
    await trainer.getByRole('button', { name: 'Nouvel exercice' }).click();
    const form = trainer.getByRole('region', { name: 'Nouvel exercice' });
    await form.getByLabel('Formation').selectOption({ label: 'Excel : les fondamentaux' });
    await form.getByLabel('Titre').fill(TITLE);
    await form.getByLabel('Consignes').fill(INSTRUCTIONS);
    await form.getByLabel('Type de rendu').selectOption({ label: 'Réponse écrite' });
    await expectNoSeriousViolations(trainer, 'trainer exercises with the form (light)');
    await form.getByRole('button', { name: "Créer l'exercice" }).click();
    await trainer.getByText('Exercice créé.').first().waitFor();
    const card = trainer.getByRole('listitem').filter({ has: trainer.getByRole('heading', { name: TITLE }) });
    await card.waitFor();

    // Chloé, enrolled in the formation, finds it and hands in a written answer.
    const { page: learner } = await signIn('student', 2, 'dark');
    await learner.goto('/exercises');
    const work = learner.getByRole('listitem').filter({ has: learner.getByRole('heading', { name: TITLE }) });
    await work.getByText(INSTRUCTIONS).waitFor();
    await expectNoSeriousViolations(learner, 'learner exercises (dark)');
    await work.getByLabel('Votre réponse').fill('Total : =SOMME(B2:B13)');
    await work.getByRole('button', { name: 'Rendre mon travail' }).click();
    await learner.getByText('Votre travail est rendu. Votre formateur est prévenu.').first().waitFor();

    // The trainer asks for it again, with feedback.
    await trainer.reload();
    await card.getByRole('button', { name: 'Voir les rendus' }).click();
    const submissions = card.getByRole('region', { name: 'Rendus' });
    await submissions.getByText('Total : =SOMME(B2:B13)').waitFor();
    await submissions.getByLabel('Décision').selectOption({ label: 'À refaire' });
    await submissions.getByLabel("Retour à l'apprenant").fill(FEEDBACK);
    await submissions.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await trainer.getByText("Correction enregistrée. L'apprenant est prévenu.").first().waitFor();

    // The learner reads the feedback and hands it in again.
    await learner.reload();
    await work.getByText(FEEDBACK).waitFor();
    await work.getByText('À refaire').first().waitFor();
    await work.getByLabel('Votre réponse').fill('Total : =SOMME(B2:B13) ; moyenne : =MOYENNE(B2:B13)');
    await work.getByRole('button', { name: 'Rendre à nouveau' }).click();
    await learner.getByText('Votre travail est rendu. Votre formateur est prévenu.').first().waitFor();

    // Reviewed: final on the learner's side.
    await trainer.reload();
    await card.getByRole('button', { name: 'Voir les rendus' }).click();
    await submissions.getByText(/MOYENNE/).waitFor();
    await submissions.getByLabel('Décision').selectOption({ label: 'Corrigé' });
    await submissions.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await trainer.getByText("Correction enregistrée. L'apprenant est prévenu.").first().waitFor();
    await learner.reload();
    await work.getByText('Ce rendu est corrigé : il ne peut plus être modifié.').waitFor();
    expect(await work.getByRole('button', { name: 'Rendre à nouveau' }).count()).toBe(0);
  });
});
