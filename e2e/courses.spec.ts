import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { useJourney } from './support/journey';
import {
  AUTH_TITLE,
  type Credentials,
  type OpenedPage,
  saveScreenshot,
  signInThroughApi,
  submitSignIn,
  waitForHeading,
  waitForPath,
} from './support/pages';
import { fillTrainerSignUp, makeNewTrainer, submitSignUpAndConfirm } from './support/sign-up';

// Issue 4's journey. French is the default language, so these are the texts of
// apps/web/src/locales/fr (auth, courses, learning).
const SCRIPT_TAG = '<script>window.__pwned = true</script>';
const YOUTUBE_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO_URL = 'https://vimeo.com/76979871';

type LessonPlan =
  | { title: string; type: 'text'; paragraphs: string[] }
  | { title: string; type: 'video'; url: string; provider: 'YouTube' | 'Vimeo' };

const COURSE = {
  title: 'Gestes de premiers secours',
  objectives: 'Protéger, alerter et secourir une victime en attendant les secours.',
  audience: 'Tout salarié volontaire.',
  durationHours: '3,5',
  modality: 'Distanciel',
};
// SPEC: 2 modules of 2 lessons, text and video.
const MODULES: { title: string; lessons: LessonPlan[] }[] = [
  {
    title: 'Protéger et alerter',
    lessons: [
      {
        title: 'Protéger la zone',
        type: 'text',
        // Typed into the rich-text editor as a trainer would: it must come back as text, never run.
        paragraphs: ['Avant tout geste, protégez-vous, la victime et les témoins.', SCRIPT_TAG],
      },
      { title: 'Alerter les secours', type: 'video', url: YOUTUBE_URL, provider: 'YouTube' },
    ],
  },
  {
    title: 'Les gestes qui sauvent',
    lessons: [
      {
        title: 'Position latérale de sécurité',
        type: 'text',
        paragraphs: ['Une victime inconsciente qui respire est placée sur le côté.'],
      },
      { title: 'Le massage cardiaque', type: 'video', url: VIMEO_URL, provider: 'Vimeo' },
    ],
  },
];
const LESSONS = MODULES.flatMap((module) => module.lessons);

const journey = useJourney();
/** Signed in once each (the sign-in rate limits count per email and per address) and reused. */
let trainer: OpenedPage;
let student: OpenedPage;
let studentAccount: Credentials;
let courseId = '';
/** The learner's address of each lesson, in order, as the student met them. */
const lessonPaths: string[] = [];
/** Requests the student's browser tried to send anywhere but the app. */
const externalRequests: string[] = [];

async function signIn(account: Credentials, landingPath: string): Promise<OpenedPage> {
  const opened = await journey.open();
  await signInThroughApi(opened.page, account, landingPath);
  return opened;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Resolves once the progress bar says `percent` (the value assistive technology reads). */
async function waitForBarValue(bar: Locator, percent: number) {
  await bar.and(bar.page().locator(`[aria-valuenow="${percent}"]`)).waitFor();
}

/** The formation's card: on /formations and on /progression, an article headed by its title. */
function courseCard(page: Page) {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: COURSE.title, exact: true }) });
}

/** The bar, its percentage and 'x leçon(s) terminée(s) sur 4' as the learner sees them. */
async function expectStudentProgress(card: Locator, completed: number) {
  const percent = (completed / LESSONS.length) * 100;
  await waitForBarValue(
    card.getByRole('progressbar', { name: `Progression : ${COURSE.title}`, exact: true }),
    percent,
  );
  // Intl writes '25 %' with a narrow no-break space, which \s matches.
  await card
    .getByText(new RegExp(`^${percent}\\s%$`))
    .first()
    .waitFor();
  const lessons = completed > 1 ? 'leçons terminées' : 'leçon terminée';
  await card.getByText(`${completed} ${lessons} sur ${LESSONS.length}`, { exact: true }).first().waitFor();
  const status = completed === 0 ? 'Non commencée' : completed === LESSONS.length ? 'Terminée' : 'En cours';
  await card.getByText(status, { exact: true }).first().waitFor();
}

async function addLesson(page: Page, moduleTitle: string, lesson: LessonPlan) {
  await page.getByRole('button', { name: `Ajouter une leçon au module « ${moduleTitle} »` }).click();
  const panel = page.getByRole('region', { name: 'Édition de la leçon' });
  await panel.getByRole('heading', { level: 2, name: 'Nouvelle leçon' }).waitFor();
  await panel.getByLabel('Titre de la leçon', { exact: true }).fill(lesson.title);
  if (lesson.type === 'text') {
    // The TipTap editor loads on demand; keystrokes go through ProseMirror like a person's.
    await panel.getByRole('textbox', { name: 'Contenu de la leçon' }).click();
    for (const [index, paragraph] of lesson.paragraphs.entries()) {
      if (index > 0) await page.keyboard.press('Enter');
      await page.keyboard.type(paragraph);
    }
  } else {
    await panel.getByLabel('Type de leçon', { exact: true }).selectOption({ label: 'Vidéo' });
    await panel.getByRole('radio', { name: 'Lien YouTube, Vimeo ou Dailymotion' }).check();
    await panel.getByLabel('Lien de la vidéo', { exact: true }).fill(lesson.url);
    await panel.getByText(`Vidéo ${lesson.provider} reconnue`).waitFor();
  }
  await panel.getByRole('button', { name: 'Créer la leçon' }).click();
  await panel.getByRole('heading', { level: 2, name: 'Modifier la leçon' }).waitFor();
}

function readPwned(page: Page) {
  return page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);
}

beforeAll(() => {
  // The fourth demo student follows no demo formation: /progression then shows only this one.
  studentAccount = journey.demo('student', 3);
});

// One journey: each step builds on the previous one's formation and signed-in browsers.
describe('a formation from its creation to a learner completing it', () => {
  it('lets a demo trainer create a formation of 2 modules of 2 lessons, publish it and enrol a demo student', async () => {
    trainer = await signIn(journey.demo('trainer', 0), '/trainer/dashboard');
    const { page } = trainer;
    await page.goto('/trainer/courses');
    await waitForHeading(page, 'Formations');
    await page.getByRole('main').getByRole('link', { name: 'Créer une formation' }).click();
    await waitForPath(page, '/trainer/create-formation');
    await waitForHeading(page, 'Créer une formation');

    await page.getByLabel('Titre de la formation', { exact: true }).fill(COURSE.title);
    await page.getByLabel('Objectifs pédagogiques', { exact: true }).fill(COURSE.objectives);
    await page.getByLabel('Public visé', { exact: true }).fill(COURSE.audience);
    await page.getByLabel('Durée (heures)', { exact: true }).fill(COURSE.durationHours);
    await page.getByLabel('Modalité', { exact: true }).selectOption({ label: COURSE.modality });
    await page.getByRole('button', { name: 'Créer la formation' }).click();

    // The new draft opens in its editor.
    await page.waitForURL((url) => /^\/trainer\/formation\/[0-9a-f-]{36}$/.test(url.pathname));
    courseId = new URL(page.url()).pathname.split('/').at(-1)!;
    await waitForHeading(page, COURSE.title);
    await page.getByText('Brouillon', { exact: true }).waitFor();
    await page.getByText('3,5 heures', { exact: true }).waitFor();

    for (const module of MODULES) {
      await page.getByLabel('Nouveau module', { exact: true }).fill(module.title);
      await page.getByRole('button', { name: 'Ajouter le module' }).click();
      for (const lesson of module.lessons) await addLesson(page, module.title, lesson);
    }
    for (const module of MODULES) {
      const lessons = page.getByRole('list', { name: `Leçons de « ${module.title} »` }).getByRole('listitem');
      await expect
        .poll(() => lessons.allTextContents())
        .toEqual([
          expect.stringContaining(module.lessons[0]!.title),
          expect.stringContaining(module.lessons[1]!.title),
        ]);
    }
    await page.getByText('4 leçons', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await page.getByRole('button', { name: 'Dépublier', exact: true }).waitFor();
    await page.getByText('Publiée', { exact: true }).waitFor();

    // The list the trainer started from shows the new, published formation.
    await page.getByRole('link', { name: 'Retour aux formations' }).click();
    await waitForHeading(page, 'Formations');
    const listRow = page.getByRole('listitem').filter({
      has: page.getByRole('link', { name: COURSE.title, exact: true }),
    });
    await listRow.getByText('Publiée', { exact: true }).waitFor();
    await listRow.getByRole('link', { name: COURSE.title, exact: true }).click();
    await waitForHeading(page, COURSE.title);

    await page.getByRole('tab', { name: 'Apprenants' }).click();
    await page.getByRole('heading', { name: 'Aucun apprenant inscrit' }).waitFor();
    await page.getByRole('button', { name: 'Inscrire des apprenants' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Inscrire des apprenants' });
    await dialog.getByLabel('Rechercher un apprenant', { exact: true }).fill(studentAccount.email);
    // The search narrows the organisation's students down to this one.
    await dialog.getByText('1 apprenant', { exact: true }).waitFor();
    await dialog.getByRole('checkbox', { name: studentAccount.email }).check();
    await dialog.getByText('1 apprenant sélectionné', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Inscrire 1 apprenant', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page
      .getByRole('list', { name: 'Apprenants inscrits' })
      .getByRole('listitem')
      .filter({ hasText: studentAccount.email });
    await waitForBarValue(row.getByRole('progressbar'), 0);
    await page.getByText('1 apprenant', { exact: true }).waitFor();
    expect(trainer.pageErrors).toEqual([]);
  });

  it('shows the student the formation at 0 %, then 25, 50, 75 and 100 % on /formations and /progression as they complete the lessons one by one', async () => {
    student = await signIn(studentAccount, '/dashboard');
    const { page, context } = student;
    // Nothing may leave for a video provider unless the learner asks: record, and keep the run offline.
    context.on('request', (request) => {
      if (!request.url().startsWith(journey.server.baseUrl)) externalRequests.push(request.url());
    });
    await context.route(
      (url) => url.origin !== journey.server.baseUrl,
      (route) => route.abort(),
    );

    await page.goto('/formations');
    await waitForHeading(page, 'Mes formations');
    await expectStudentProgress(courseCard(page), 0);
    await courseCard(page).getByRole('link', { name: COURSE.title }).click();
    await waitForPath(page, `/formations/${courseId}`);
    await waitForHeading(page, COURSE.title);
    await page.getByRole('link', { name: 'Commencer', exact: true }).click();

    for (const [index, lesson] of LESSONS.entries()) {
      await waitForHeading(page, lesson.title);
      lessonPaths.push(new URL(page.url()).pathname);
      const markCompleted = page.getByRole('button', { name: 'Marquer comme terminé' });
      await markCompleted.click();
      await markCompleted.waitFor({ state: 'detached' });
      await page.getByText(/^Terminé/).waitFor();

      // Back to the list through the breadcrumb, then to /progression from the menu: in-app
      // navigation, so the numbers come from refreshed queries, not from a fresh page load.
      await page
        .getByRole('navigation', { name: "Fil d'Ariane" })
        .getByRole('link', { name: 'Mes formations' })
        .click();
      await waitForHeading(page, 'Mes formations');
      await expectStudentProgress(courseCard(page), index + 1);
      await page
        .getByRole('complementary', { name: 'Menu latéral' })
        .getByRole('link', { name: 'Progression', exact: true })
        .click();
      await waitForHeading(page, 'Progression');
      await expectStudentProgress(courseCard(page), index + 1);

      const next = LESSONS[index + 1];
      if (!next) break;
      // The lesson just completed is the latest of the recent completions; its page leads on.
      await page.getByRole('link', { name: lesson.title, exact: true }).click();
      await waitForHeading(page, lesson.title);
      await page
        .getByRole('navigation', { name: 'Leçons précédente et suivante' })
        .getByRole('link', { name: new RegExp(`^Leçon suivante\\s*${escapeRegExp(next.title)}$`) })
        .click();
    }

    // The formation page now offers to review it.
    await courseCard(page).getByRole('link', { name: COURSE.title }).click();
    await waitForHeading(page, COURSE.title);
    await page.getByText('Bravo, vous avez terminé toutes les leçons de cette formation.').waitFor();
    await page.getByRole('link', { name: 'Revoir', exact: true }).waitFor();
    expect(student.pageErrors).toEqual([]);
  });

  it('shows a script tag typed into a lesson as text and never runs it, for the learner and the trainer', async () => {
    const textLesson = LESSONS[0]!;
    const lessonId = lessonPaths[0]!.split('/').at(-1)!;
    const screens: [OpenedPage, string, string][] = [
      [student, lessonPaths[0]!, textLesson.title],
      // The trainer's rich-text editor and learner preview render the stored HTML too.
      [trainer, `/trainer/formation/${courseId}?lesson=${lessonId}`, COURSE.title],
      [trainer, `/trainer/formation/${courseId}?tab=preview&lesson=${lessonId}`, COURSE.title],
    ];
    for (const [opened, path, heading] of screens) {
      const { page } = opened;
      // A full load: a stored script would run as the page first renders.
      await page.goto(path);
      await waitForHeading(page, heading);
      await page.getByText(SCRIPT_TAG, { exact: true }).first().waitFor();
      expect(await page.locator('main script').count(), path).toBe(0);
      expect(await readPwned(page), path).toBeUndefined();
    }
    expect(student.pageErrors).toEqual([]);
    expect(trainer.pageErrors).toEqual([]);
  });

  it('shows a video lesson behind a click-to-load facade: nothing from YouTube before the learner presses play', async () => {
    const { page } = student;
    const videoLesson = LESSONS[1]!;
    await page.goto(lessonPaths[1]!);
    await waitForHeading(page, videoLesson.title);
    await page.getByText('Vidéo hébergée par YouTube', { exact: true }).waitFor();
    const play = page.getByRole('button', { name: 'Lire la vidéo' });
    await play.waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(externalRequests.filter((url) => /youtube|ytimg|googlevideo/.test(url))).toEqual([]);

    await play.click();
    const player = page.getByTitle(`Vidéo\u00a0: ${videoLesson.title}`, { exact: true });
    await player.waitFor({ state: 'attached' });
    const playerUrl = new URL((await player.getAttribute('src')) ?? '');
    expect(`${playerUrl.origin}${playerUrl.pathname}`).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(student.pageErrors).toEqual([]);
  });

  it("shows the trainer the student's 100 % in the editor's learners tab", async () => {
    const { page } = trainer;
    await page.goto(`/trainer/formation/${courseId}`);
    await waitForHeading(page, COURSE.title);
    await page.getByRole('tab', { name: 'Apprenants' }).click();
    const row = page
      .getByRole('list', { name: 'Apprenants inscrits' })
      .getByRole('listitem')
      .filter({ hasText: studentAccount.email });
    await waitForBarValue(row.getByRole('progressbar'), 100);
    await row.getByText(/^100\s%$/).waitFor();
    await row.getByText('4 leçons terminées sur 4', { exact: true }).waitFor();
    expect(trainer.pageErrors).toEqual([]);
  });

  it('keeps the formation from a trainer of another organisation, in the editor and through the API', async () => {
    const outsider = await journey.open();
    const { page } = outsider;
    const newTrainer = makeNewTrainer('Camille', 'Durand');
    await page.goto('/auth');
    await waitForHeading(page, AUTH_TITLE);
    await fillTrainerSignUp(page, newTrainer);
    await submitSignUpAndConfirm(page, journey.server, newTrainer.email);
    await submitSignIn(page, newTrainer);
    await waitForPath(page, '/trainer/dashboard');

    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/courses/${courseId}` &&
        response.request().method() === 'GET',
    );
    await page.goto(`/trainer/formation/${courseId}`);
    const response = await answer;
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'TRAINING_NOT_FOUND' } });
    await page.getByRole('heading', { name: 'Formation introuvable' }).waitFor();
    expect(await page.getByText(COURSE.title).count()).toBe(0);

    // Nor is it in their list.
    await page.goto('/trainer/courses');
    await waitForHeading(page, 'Formations');
    await page.getByRole('heading', { name: 'Aucune formation pour le moment' }).waitFor();
    expect(outsider.pageErrors).toEqual([]);
  });

  it('has no serious or critical accessibility violation on the trainer list, the editor, /formations, the lessons and /progression', async () => {
    const trainerPage = trainer.page;
    await trainerPage.goto('/trainer/courses');
    await waitForHeading(trainerPage, 'Formations');
    await trainerPage.getByRole('link', { name: COURSE.title, exact: true }).waitFor();
    await expectNoSeriousViolations(trainerPage, '/trainer/courses');

    const textLessonId = lessonPaths[0]!.split('/').at(-1)!;
    await trainerPage.goto(`/trainer/formation/${courseId}?lesson=${textLessonId}`);
    await waitForHeading(trainerPage, COURSE.title);
    await trainerPage.getByRole('textbox', { name: 'Contenu de la leçon' }).waitFor();
    await expectNoSeriousViolations(trainerPage, 'editor, content tab with a text lesson open');
    await trainerPage.getByRole('tab', { name: 'Apprenants' }).click();
    await trainerPage.getByRole('list', { name: 'Apprenants inscrits' }).waitFor();
    await expectNoSeriousViolations(trainerPage, 'editor, learners tab');

    const studentPage = student.page;
    await studentPage.goto('/formations');
    await waitForHeading(studentPage, 'Mes formations');
    await courseCard(studentPage).waitFor();
    await expectNoSeriousViolations(studentPage, '/formations');
    for (const [index, lesson] of LESSONS.entries()) {
      if (index > 1) break;
      await studentPage.goto(lessonPaths[index]!);
      await waitForHeading(studentPage, lesson.title);
      await studentPage.getByText(/^Terminé/).waitFor();
      await expectNoSeriousViolations(studentPage, `lesson view (${lesson.type})`);
    }
    await studentPage.goto('/progression');
    await waitForHeading(studentPage, 'Progression');
    await courseCard(studentPage).waitFor();
    await expectNoSeriousViolations(studentPage, '/progression');
  });

  it('fits the editor and the lesson view on desktop and on a 375 px phone (screenshots kept for review)', async () => {
    const textLessonId = lessonPaths[0]!.split('/').at(-1)!;
    const screens: [Page, string, string, string][] = [
      [trainer.page, `/trainer/formation/${courseId}?lesson=${textLessonId}`, COURSE.title, 'course-editor'],
      [student.page, lessonPaths[0]!, LESSONS[0]!.title, 'lesson-view-text'],
      [student.page, lessonPaths[1]!, LESSONS[1]!.title, 'lesson-view-video'],
    ];
    for (const [page, path, heading, name] of screens) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await page.goto(path);
        await waitForHeading(page, heading);
        if (name === 'course-editor') {
          await page.getByRole('textbox', { name: 'Contenu de la leçon' }).waitFor();
        } else {
          await page.getByText(/^Terminé/).waitFor();
          // The lesson's place in the formation comes with the outline, which loads alongside.
          await page.getByText(/^Module \d sur \d · Leçon \d sur \d$/).waitFor();
        }
        // The lesson editor scrolls itself into view; a full-page shot reads best from the top,
        // where the fixed top bar belongs.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForFunction(() => {
          const topBar = document.querySelector('header[data-state]');
          // Expanded, and done sliding back in.
          return (
            topBar === null ||
            (topBar.getAttribute('data-state') === 'expanded' && topBar.getBoundingClientRect().top >= 0)
          );
        });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `${name}-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(trainer.pageErrors).toEqual([]);
    expect(student.pageErrors).toEqual([]);
  });
});
