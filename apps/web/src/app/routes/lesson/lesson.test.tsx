import type { StudentLesson } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildCourseDetail,
  buildLesson,
  COURSE_ID,
  LESSON_1,
  LESSON_2,
  LESSON_3,
  LESSON_4,
  MODULE_1,
  MODULE_2,
} from '@/features/learning/testing/fixtures';
import { apiError, buildUser, type MockResponse, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

const lessonPath = (moduleId: string, lessonId: string) =>
  `/formations/${COURSE_ID}/module/${moduleId}/lesson/${lessonId}`;
const lessonApi = (lessonId: string) => `GET /api/learning/courses/${COURSE_ID}/lessons/${lessonId}`;

function renderLesson(path: string, handlers: Record<string, MockResponse | (() => MockResponse)>) {
  const api = mockApi({
    'GET /api/auth/session': { body: { user: buildUser() } },
    [`GET /api/learning/courses/${COURSE_ID}`]: { body: buildCourseDetail([LESSON_1]) },
    ...handlers,
  });
  return { ...renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS), ...api };
}

describe('lesson view', () => {
  it('shows the lesson in the lesson layout with its place in the formation', async () => {
    renderLesson(lessonPath(MODULE_1, LESSON_2), { [lessonApi(LESSON_2)]: { body: buildLesson() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prévenir les accidents' })).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(await screen.findByText('Module 1 sur 2 · Leçon 2 sur 2')).toBeTruthy();
    expect(screen.getByText('Portez vos équipements.')).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Sécurité au travail' }).getAttribute('href')).toBe(
      `/formations/${COURSE_ID}`,
    );
    expect(within(breadcrumb).getByText('Les risques').getAttribute('aria-current')).toBe('page');
  });

  it('links the previous and next lessons across modules, and moves to the next one', async () => {
    const third = buildLesson({
      id: LESSON_3,
      moduleId: MODULE_2,
      moduleTitle: 'Les gestes',
      title: 'Alerter les secours',
      previousLesson: { lessonId: LESSON_2, moduleId: MODULE_1 },
      nextLesson: { lessonId: LESSON_4, moduleId: MODULE_2 },
    });
    const { router } = renderLesson(lessonPath(MODULE_1, LESSON_2), {
      [lessonApi(LESSON_2)]: { body: buildLesson() },
      [lessonApi(LESSON_3)]: { body: third },
    });
    await screen.findByRole('heading', { level: 1, name: 'Prévenir les accidents' });
    const navigation = screen.getByRole('navigation', { name: 'Leçons précédente et suivante' });
    const previous = await within(navigation).findByRole('link', {
      name: /Leçon précédente\s*Repérer les dangers/,
    });
    expect(previous.getAttribute('href')).toBe(lessonPath(MODULE_1, LESSON_1));
    const next = within(navigation).getByRole('link', { name: /Leçon suivante\s*Alerter les secours/ });
    expect(next.getAttribute('href')).toBe(lessonPath(MODULE_2, LESSON_3));

    fireEvent.click(next);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Alerter les secours' });
    expect(router.state.location.pathname).toBe(lessonPath(MODULE_2, LESSON_3));
    expect(await screen.findByText('Module 2 sur 2 · Leçon 1 sur 2')).toBeTruthy();
    // Keyboard and screen-reader users start on the new lesson's title.
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('marks the lesson completed, then shows it done and refreshes the progress', async () => {
    let isCompleted = false;
    const { calls } = renderLesson(lessonPath(MODULE_1, LESSON_2), {
      [lessonApi(LESSON_2)]: () => ({
        body: buildLesson(isCompleted ? { isCompleted: true, completedAt: '2025-03-04T10:00:00.000Z' } : {}),
      }),
      [`POST /api/learning/courses/${COURSE_ID}/lessons/${LESSON_2}/complete`]: () => {
        isCompleted = true;
        return {
          body: {
            lessonId: LESSON_2,
            courseId: COURSE_ID,
            completedAt: '2025-03-04T10:00:00.000Z',
            progress: 50,
            completedLessons: 2,
            totalLessons: 4,
          },
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer comme terminé' }));
    const done = await screen.findByText('Terminé');
    expect(screen.queryByRole('button', { name: 'Marquer comme terminé' })).toBeNull();
    expect(screen.getByText('4 mars 2025')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(done.closest('p')));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // The formation's outline is asked again, so its progress follows.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `/api/learning/courses/${COURSE_ID}`).length).toBe(2),
    );
  });

  it('keeps the button when completing fails, and says why', async () => {
    renderLesson(lessonPath(MODULE_1, LESSON_2), {
      [lessonApi(LESSON_2)]: { body: buildLesson() },
      [`POST /api/learning/courses/${COURSE_ID}/lessons/${LESSON_2}/complete`]: apiError(
        'COURSE_LOCKED',
        403,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer comme terminé' }));
    expect(await screen.findByText(/Cette formation est verrouillée/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marquer comme terminé' })).toBeTruthy();
    expect(screen.queryByText('Terminé')).toBeNull();
  });

  it('offers the way back to the formation after its last lesson', async () => {
    renderLesson(lessonPath(MODULE_2, LESSON_4), {
      [lessonApi(LESSON_4)]: {
        body: buildLesson({
          id: LESSON_4,
          moduleId: MODULE_2,
          title: 'Secourir',
          previousLesson: { lessonId: LESSON_3, moduleId: MODULE_2 },
          nextLesson: null,
        }),
      },
    });
    expect(await screen.findByText("C'est la dernière leçon de la formation.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la formation' }).getAttribute('href')).toBe(
      `/formations/${COURSE_ID}`,
    );
  });

  it('shows a locked formation instead of its lesson', async () => {
    renderLesson(lessonPath(MODULE_1, LESSON_2), { [lessonApi(LESSON_2)]: apiError('COURSE_LOCKED', 403) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Formation verrouillée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la formation' })).toBeTruthy();
  });

  it("shows 'training not found' for someone else's formation", async () => {
    renderLesson(lessonPath(MODULE_1, LESSON_2), {
      [lessonApi(LESSON_2)]: apiError('TRAINING_NOT_FOUND', 404),
      [`GET /api/learning/courses/${COURSE_ID}`]: apiError('TRAINING_NOT_FOUND', 404),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Formation introuvable' })).toBeTruthy();
  });

  it('follows the lesson to its module when the address names another one', async () => {
    const { router } = renderLesson(lessonPath(MODULE_2, LESSON_2), {
      [lessonApi(LESSON_2)]: { body: buildLesson() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Prévenir les accidents' });
    expect(router.state.location.pathname).toBe(lessonPath(MODULE_1, LESSON_2));
  });
});

describe('lesson content', () => {
  function renderContent(lesson: Partial<StudentLesson>) {
    return renderLesson(lessonPath(MODULE_1, LESSON_2), {
      [lessonApi(LESSON_2)]: { body: buildLesson(lesson) },
    });
  }

  it('shows script text escaped by the server as text, never as a script', async () => {
    renderContent({
      content: { type: 'text', html: '<p>Exemple : &lt;script&gt;alert("x")&lt;/script&gt;</p>' },
    });
    expect(await screen.findByText('Exemple : <script>alert("x")</script>')).toBeTruthy();
    expect(document.querySelector('main script')).toBeNull();
  });

  it("puts the trainer's headings under the lesson title, keeping one <h1>", async () => {
    renderContent({
      content: { type: 'text', html: '<h1>Introduction</h1><h2>Détails</h2><ul><li>Un</li></ul>' },
    });
    await screen.findByRole('heading', { level: 1, name: 'Prévenir les accidents' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Introduction' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Détails' })).toBeTruthy();
    expect(screen.getByText('Un').tagName).toBe('LI');
  });

  it('loads nothing from the video provider until the learner presses play', async () => {
    renderContent({
      type: 'video',
      content: {
        type: 'video',
        source: 'embed',
        provider: 'youtube',
        videoId: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
    });
    const play = await screen.findByRole('button', { name: 'Lire la vidéo' });
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText(/vous chargez du contenu depuis YouTube/)).toBeTruthy();
    fireEvent.click(play);
    const frame = (await screen.findByTitle('Vidéo : Prévenir les accidents')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  });

  it('never frames an address that is not an allow-listed player', async () => {
    renderContent({
      type: 'video',
      content: {
        type: 'video',
        source: 'embed',
        provider: 'vimeo',
        videoId: '../../evil',
        url: 'https://evil.example/video',
        embedUrl: 'https://evil.example/embed',
      },
    });
    expect(await screen.findByText('Cette vidéo ne peut pas être affichée ici.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lire la vidéo' })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('plays an uploaded video from our file route', async () => {
    const fileId = '00000000-0000-4000-8000-000000000999';
    renderContent({
      type: 'video',
      content: {
        type: 'video',
        source: 'upload',
        file: {
          id: fileId,
          name: 'cours.mp4',
          mimeType: 'video/mp4',
          sizeBytes: 1000,
          url: `/api/files/${fileId}`,
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Prévenir les accidents' });
    const video = document.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(`/api/files/${fileId}`);
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it("shows a PDF in the browser's viewer, with open and download links", async () => {
    const fileId = '00000000-0000-4000-8000-000000000998';
    renderContent({
      type: 'document',
      content: {
        type: 'document',
        file: {
          id: fileId,
          name: 'fiche.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 2.5 * 1024 * 1024,
          url: `/api/files/${fileId}`,
        },
      },
    });
    const frame = await screen.findByTitle('Document : fiche.pdf');
    expect(frame.getAttribute('src')).toBe(`/api/files/${fileId}`);
    const download = screen.getByRole('link', { name: /Télécharger \(2,5\sMo\)/ });
    expect(download.getAttribute('download')).toBe('fiche.pdf');
  });

  it('opens an external link apart from the lesson', async () => {
    renderContent({ type: 'link', content: { type: 'link', url: 'https://www.inrs.fr/risques.html' } });
    const link = await screen.findByRole('link', { name: /Ouvrir le lien/ });
    expect(link.getAttribute('href')).toBe('https://www.inrs.fr/risques.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('/lesson/{courseId}/{lessonId}', () => {
  it("finds the lesson's module in the formation's outline and opens the lesson", async () => {
    const { router } = renderLesson(`/lesson/${COURSE_ID}/${LESSON_3}`, {
      [lessonApi(LESSON_3)]: {
        body: buildLesson({
          id: LESSON_3,
          moduleId: MODULE_2,
          moduleTitle: 'Les gestes',
          title: 'Alerter les secours',
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerter les secours' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(lessonPath(MODULE_2, LESSON_3));
  });

  it('says the lesson is not in the formation', async () => {
    renderLesson(`/lesson/${COURSE_ID}/00000000-0000-4000-8000-000000000777`, {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Leçon introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la formation' })).toBeTruthy();
  });
});
