import type { CourseDetail } from '@cursus/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, mockApi, type RecordedCall, renderWithProviders } from '@/testing/test-utils';
import { useCourse } from '../api/get-course';
import { buildCourseDetail } from '../testing/build-course';
import { CourseOutline } from './course-outline';

function Harness({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  if (!course.data) return null;
  return (
    <CourseOutline
      course={course.data}
      selectedLessonId={null}
      draftModuleId={null}
      onSelectLesson={() => {}}
      onAddLesson={() => {}}
      onLessonsRemoved={() => {}}
    />
  );
}

/** A server that keeps the outline and applies the reorder calls, as the real one does. */
function renderOutline(course: CourseDetail) {
  let current = course;
  const reorderModules = (call: RecordedCall) => {
    const { moduleIds } = call.body as { moduleIds: string[] };
    current = {
      ...current,
      modules: moduleIds.map((id) => current.modules.find((module) => module.id === id)!),
    };
    return { body: { modules: current.modules } };
  };
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } },
    [`GET /api/courses/${course.id}`]: () => ({ body: current }),
    [`PUT /api/courses/${course.id}/modules/order`]: reorderModules,
  };
  for (const module of course.modules) {
    handlers[`PUT /api/courses/${course.id}/modules/${module.id}/lessons/order`] = (call) => {
      const { lessonIds } = call.body as { lessonIds: string[] };
      current = {
        ...current,
        modules: current.modules.map((candidate) =>
          candidate.id === module.id
            ? {
                ...candidate,
                lessons: lessonIds.map((id) => candidate.lessons.find((lesson) => lesson.id === id)!),
              }
            : candidate,
        ),
      };
      return { body: { modules: current.modules } };
    };
  }
  const api = mockApi(handlers);
  renderWithProviders(<Harness courseId={course.id} />);
  return api;
}

function moduleTitles() {
  const outline = screen.getByRole('list', { name: 'Plan de la formation' });
  return within(outline)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent?.replace(/^Module \d+/, ''));
}

describe('CourseOutline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('moves a module down with its button, sends the whole new order and keeps the focus on the module', async () => {
    const course = buildCourseDetail({ Accueil: ['Bienvenue'], Pratique: ['Exercice'], Bilan: [] });
    const [first, second, third] = course.modules;
    const { calls } = renderOutline(course);
    await screen.findByRole('list', { name: 'Plan de la formation' });

    fireEvent.click(screen.getByRole('button', { name: 'Descendre le module «\u00a0Accueil\u00a0»' }));
    await waitFor(() => expect(moduleTitles()).toEqual(['Pratique', 'Accueil', 'Bilan']));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/courses/${course.id}/modules/order`);
    expect(put?.body).toEqual({ moduleIds: [second!.id, first!.id, third!.id] });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Descendre le module «\u00a0Accueil\u00a0»' }),
    );
    expect(screen.getByText('« Accueil » déplacé en position 2 sur 3')).toBeTruthy();
  });

  it('moves a lesson up within its module with its button', async () => {
    const course = buildCourseDetail({ Accueil: ['Bienvenue', 'Objectifs', 'Plan'] });
    const module = course.modules[0]!;
    const [welcome, goals, plan] = module.lessons;
    const { calls } = renderOutline(course);
    await screen.findByRole('list', { name: 'Plan de la formation' });

    fireEvent.click(screen.getByRole('button', { name: 'Monter la leçon «\u00a0Objectifs\u00a0»' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/courses/${course.id}/modules/${module.id}/lessons/order`);
    expect(put?.body).toEqual({ lessonIds: [goals!.id, welcome!.id, plan!.id] });
    // At the top now: its up button is disabled, so focus moves to its down button.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Descendre la leçon «\u00a0Objectifs\u00a0»' }),
      ),
    );
  });

  it('reorders modules with the keyboard: Space, arrow down, Space', async () => {
    // The test DOM has no layout: give each module a place in a column so dnd-kit can measure.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const item = this.closest('li');
      const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
      const top = index * 100;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 300,
        bottom: top + 80,
        width: 300,
        height: 80,
        toJSON: () => ({}),
      };
    });
    const course = buildCourseDetail({ Accueil: [], Pratique: [], Bilan: [] });
    const [first, second, third] = course.modules;
    const { calls } = renderOutline(course);
    const handle = await screen.findByRole('button', { name: 'Déplacer le module «\u00a0Accueil\u00a0»' });

    // dnd-kit listens for the moving keys from the next tick after the drag starts.
    const press = async (target: Element, code: string, key: string) => {
      await act(async () => {
        fireEvent.keyDown(target, { code, key });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    };
    handle.focus();
    await press(handle, 'Space', ' ');
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    await press(handle, 'ArrowDown', 'ArrowDown');
    await press(handle, 'Space', ' ');

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      moduleIds: [second!.id, first!.id, third!.id],
    });
  });
});
