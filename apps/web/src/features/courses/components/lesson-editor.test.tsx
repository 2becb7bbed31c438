import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { buildCourseDetail, testId } from '../testing/build-course';
import { LessonEditor } from './lesson-editor';

const SESSION = { 'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } } };

function renderCreate() {
  const course = buildCourseDetail({ Accueil: [] });
  const module = course.modules[0]!;
  const lessonId = testId();
  const api = mockApi({
    ...SESSION,
    [`POST /api/courses/${course.id}/modules/${module.id}/lessons`]: (call) => ({
      body: {
        id: lessonId,
        courseId: course.id,
        moduleId: module.id,
        position: 0,
        ...(call.body as { title: string; estimatedMinutes: number }),
        type: 'video',
        content: {
          type: 'video',
          source: 'embed',
          provider: 'youtube',
          videoId: 'dQw4w9WgXcQ',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        },
        createdAt: '2025-03-12T10:00:00.000Z',
        updatedAt: '2025-03-12T10:00:00.000Z',
      },
    }),
    [`GET /api/courses/${course.id}`]: { body: course },
  });
  const onCreated = vi.fn();
  renderWithProviders(
    <LessonEditor
      course={course}
      target={{ kind: 'create', moduleId: module.id }}
      onCreated={onCreated}
      onClose={() => {}}
      onDeleted={() => {}}
      onPreview={() => {}}
      onDirtyChange={() => {}}
    />,
  );
  return { ...api, course, module, onCreated, lessonId };
}

function pickFile(name: string, sizeBytes: number) {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: sizeBytes });
  fireEvent.change(screen.getByLabelText(/Document PDF/, { selector: 'input' }), {
    target: { files: [file] },
  });
}

describe('LessonEditor', () => {
  it('accepts only YouTube, Vimeo or Dailymotion links for a video, then creates the lesson', async () => {
    const { calls, course, module, onCreated, lessonId } = renderCreate();
    fireEvent.change(screen.getByLabelText('Titre de la leçon'), { target: { value: 'Démonstration' } });
    fireEvent.change(screen.getByLabelText('Type de leçon'), { target: { value: 'video' } });
    fireEvent.click(screen.getByLabelText('Lien YouTube, Vimeo ou Dailymotion'));
    fireEvent.change(screen.getByLabelText('Lien de la vidéo'), {
      target: { value: 'https://example.com/film.mp4' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la leçon' }));
    expect(
      await screen.findByText('Lien non pris en charge : utilisez une vidéo YouTube, Vimeo ou Dailymotion'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Lien de la vidéo'), {
      target: { value: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(await screen.findByText('Vidéo YouTube reconnue')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Durée estimée (minutes)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la leçon' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(lessonId));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/api/courses/${course.id}/modules/${module.id}/lessons`);
    expect(post?.body).toEqual({
      title: 'Démonstration',
      estimatedMinutes: 7,
      content: { type: 'video', source: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' },
    });
  });

  it('says next to the field, in French, that a PDF is too large or not a PDF, without uploading it', async () => {
    const { fetchMock } = renderCreate();
    fireEvent.change(screen.getByLabelText('Type de leçon'), { target: { value: 'document' } });
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');

    pickFile('programme.pdf', 30 * 1024 * 1024);
    expect(await screen.findByText('Fichier trop volumineux : 20 Mo maximum')).toBeTruthy();

    pickFile('notes.docx', 1000);
    expect(await screen.findByText('Format de fichier non pris en charge : PDF attendu')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/files'))).toBe(false);
  });

  it("says when the organisation's storage is full, and when to retry past the upload rate", async () => {
    renderCreate();
    fireEvent.change(screen.getByLabelText('Type de leçon'), { target: { value: 'document' } });
    const answers = [
      { status: 413, error: { code: 'STORAGE_QUOTA_EXCEEDED', message: 'STORAGE_QUOTA_EXCEEDED' } },
      {
        status: 429,
        error: { code: 'RATE_LIMITED', message: 'RATE_LIMITED', details: { retryAfterSeconds: 1500 } },
      },
    ];
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      const { status, error } = answers.shift()!;
      Object.defineProperty(this, 'status', { value: status });
      Object.defineProperty(this, 'responseText', { value: JSON.stringify({ error }) });
      this.onload?.(new ProgressEvent('load'));
    });

    pickFile('programme.pdf', 1000);
    expect(await screen.findByText(/L'espace de stockage de votre organisme est plein/)).toBeTruthy();
    pickFile('programme.pdf', 1000);
    expect(await screen.findByText(/Trop de tentatives\. Réessayez dans 25 minutes/)).toBeTruthy();
  });

  it('requires an https address for a link lesson', async () => {
    const { calls } = renderCreate();
    fireEvent.change(screen.getByLabelText('Titre de la leçon'), { target: { value: 'Ressources' } });
    fireEvent.change(screen.getByLabelText('Type de leçon'), { target: { value: 'link' } });
    fireEvent.change(screen.getByLabelText('Adresse du lien'), { target: { value: 'http://example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la leçon' }));
    expect(await screen.findByText('Saisissez une adresse sécurisée commençant par https://')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
