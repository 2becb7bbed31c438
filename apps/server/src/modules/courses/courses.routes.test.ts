import type { Course, CourseDetail, CourseOutline, Lesson } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { ENGINE } from '../../../test/helper.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { courseEnrollments, courses, lessonCompletions } from './courses.tables.ts';

let world: CoursesWorld;
beforeAll(async () => {
  world = await createCoursesWorld();
});
afterAll(() => world.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function createCourse(
  title: string,
  extra: Record<string, unknown> = {},
  person: 'trainerA' | 'trainerB' = 'trainerA',
) {
  return expectStatus<CourseDetail>(
    await world.call(person, 'POST', '/api/courses', { title, ...extra }),
    200,
  );
}

async function addModule(courseId: string, title: string) {
  return expectStatus<{ id: string }>(
    await world.call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title }),
    200,
  );
}

async function addTextLesson(courseId: string, moduleId: string, title: string, html = '<p>Contenu</p>') {
  return expectStatus<Lesson>(
    await world.call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      title,
      content: { type: 'text', html },
    }),
    200,
  );
}

async function list(person: 'trainerA' | 'trainerB' | 'admin', query = '') {
  return expectStatus<{
    items: Course[];
    total: number;
    page: number;
    pageSize: number;
    emptyReason?: string;
  }>(await world.call(person, 'GET', `/api/courses${query}`), 200);
}

describe(`formations on ${ENGINE}`, () => {
  it("says EMPTY_COURSES while an organisation has no formation (SPEC 8 'No courses found')", async () => {
    const page = await list('trainerB');
    expect(page).toMatchObject({ items: [], total: 0, emptyReason: 'EMPTY_COURSES' });
  });

  it("creates a draft with the SPEC 3 defaults: category 'Formation', unlocked, the organisation's name", async () => {
    const course = await createCourse('Excel pour débutants');
    expect(course).toMatchObject({
      title: 'Excel pour débutants',
      category: 'Formation',
      status: 'draft',
      isLocked: false,
      isArchived: false,
      organizationName: 'Organisme A',
      organizationId: world.users.trainerA.organizationId,
      priceCents: null,
      modules: [],
      moduleCount: 0,
      lessonCount: 0,
      enrollmentCount: 0,
    });
  });

  it('requires a title, naming the field (SPEC 5)', async () => {
    const response = await world.call('trainerA', 'POST', '/api/courses', {
      title: '  ',
      category: 'Bureautique',
    });
    const body = expectStatus(response, 400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.fields[0].path).toBe('title');
  });

  it('keeps the programme sheet: objectives, modality, price in cents, duration', async () => {
    const course = await createCourse('Gestion de projet');
    const updated = expectStatus<CourseDetail>(
      await world.call('trainerA', 'PATCH', `/api/courses/${course.id}`, {
        objectives: 'Planifier un projet',
        modality: 'blended',
        priceCents: 125050,
        durationHours: 14.5,
        accessibility: 'Salle accessible PMR',
      }),
      200,
    );
    expect(updated).toMatchObject({
      title: 'Gestion de projet',
      objectives: 'Planifier un projet',
      modality: 'blended',
      priceCents: 125050,
      durationHours: 14.5,
      accessibility: 'Salle accessible PMR',
    });
    const refused = await world.call('trainerA', 'PATCH', `/api/courses/${course.id}`, { priceCents: 12.5 });
    expect(expectStatus(refused, 400).error.details.fields[0].path).toBe('priceCents');
  });

  it('publishes, unpublishes, locks and unlocks', async () => {
    const course = await createCourse('Sécurité incendie');
    const steps: [string, Partial<Course>][] = [
      ['publish', { status: 'published' }],
      ['lock', { isLocked: true }],
      ['unpublish', { status: 'draft', isLocked: true }],
      ['unlock', { isLocked: false }],
    ];
    for (const [action, expected] of steps) {
      const response = await world.call('trainerA', 'POST', `/api/courses/${course.id}/${action}`);
      expect(expectStatus(response, 200)).toMatchObject(expected);
    }
  });
});

describe('the trainer list', () => {
  let trainerC: string;
  beforeAll(async () => {
    // A third organisation with a known set of formations, so counts are exact.
    const { testApp } = world;
    const { createConfirmedUser } = await import('../../../test/helper.ts');
    trainerC = await createConfirmedUser(testApp, {
      email: 'trainer@org-c.example',
      role: 'trainer',
      organizationName: 'Organisme C',
    });
    const titles = [
      'Anglais B1',
      'anglais des affaires',
      'Comptabilité',
      'Droit du travail',
      'Marketing 100%',
    ];
    for (const title of titles) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/courses',
        headers: { origin: 'http://localhost:3000', cookie: trainerC },
        payload: { title },
      });
      expectStatus(response, 200);
    }
  });
  const listC = async (query: string) =>
    expectStatus<{ items: Course[]; total: number; page: number; pageSize: number }>(
      await world.testApp.app.inject({
        method: 'GET',
        url: `/api/courses${query}`,
        headers: { cookie: trainerC },
      }),
      200,
    );

  it('pages through the newest first by default', async () => {
    const first = await listC('?pageSize=2');
    expect(first.total).toBe(5);
    expect(first.items.map((course) => course.title)).toEqual(['Marketing 100%', 'Droit du travail']);
    const last = await listC('?pageSize=2&page=3');
    expect(last.items.map((course) => course.title)).toEqual(['Anglais B1']);
  });

  it('searches titles ignoring case, taking % literally', async () => {
    expect((await listC('?search=ANGLAIS')).total).toBe(2);
    expect(
      (await listC(`?search=${encodeURIComponent('100%')}`)).items.map((course) => course.title),
    ).toEqual(['Marketing 100%']);
    expect((await listC(`?search=${encodeURIComponent('%')}`)).total).toBe(1);
  });

  it('sorts by title', async () => {
    const page = await listC('?sortBy=title&order=asc');
    expect(page.items.map((course) => course.title)).toEqual([
      'Anglais B1',
      'anglais des affaires',
      'Comptabilité',
      'Droit du travail',
      'Marketing 100%',
    ]);
  });

  it('filters by published/draft and locked', async () => {
    const all = await listC('');
    const target = all.items.find((course) => course.title === 'Comptabilité')!;
    for (const action of ['publish', 'lock']) {
      await world.testApp.app.inject({
        method: 'POST',
        url: `/api/courses/${target.id}/${action}`,
        headers: { origin: 'http://localhost:3000', cookie: trainerC },
      });
    }
    expect((await listC('?status=published')).items.map((course) => course.title)).toEqual(['Comptabilité']);
    expect((await listC('?status=draft')).total).toBe(4);
    expect((await listC('?locked=true')).items.map((course) => course.title)).toEqual(['Comptabilité']);
    expect((await listC('?locked=false')).total).toBe(4);
  });

  it('leaves archived formations out unless asked for them', async () => {
    const all = await listC('');
    const target = all.items.find((course) => course.title === 'Droit du travail')!;
    await world.testApp.app.inject({
      method: 'POST',
      url: `/api/courses/${target.id}/archive`,
      headers: { origin: 'http://localhost:3000', cookie: trainerC },
    });
    expect((await listC('')).total).toBe(4);
    const archived = await listC('?archived=true');
    expect(archived.items.map((course) => [course.title, course.isArchived])).toEqual([
      ['Droit du travail', true],
    ]);
  });

  it('refuses malformed queries, naming the field', async () => {
    for (const [query, field] of [
      ['?pageSize=101', 'pageSize'],
      ['?page=0', 'page'],
      ['?locked=yes', 'locked'],
      ['?status=live', 'status'],
      ['?sortBy=price', 'sortBy'],
      [`?search=${'x'.repeat(101)}`, 'search'],
      ['?organizationId=nope', 'organizationId'],
    ]) {
      const response = await world.testApp.app.inject({
        method: 'GET',
        url: `/api/courses${query}`,
        headers: { cookie: trainerC },
      });
      const body = expectStatus(response, 400);
      expect(body.error.details.fields[0].path, query).toBe(field);
    }
  });
});

describe('roles (SPEC 6)', () => {
  it('keeps students and visitors out of the trainer routes', async () => {
    expect(expectStatus(await world.call('studentA1', 'GET', '/api/courses'), 403).error.code).toBe(
      'NOT_AUTHORIZED',
    );
    expect(expectStatus(await world.call(null, 'GET', '/api/courses'), 401).error.code).toBe('NO_SESSION');
  });

  it('gives a trainer without an organisation NO_ORGANIZATION', async () => {
    const { testApp, users } = world;
    const { createConfirmedUser } = await import('../../../test/helper.ts');
    const cookie = await createConfirmedUser(testApp, { email: 'orphan@x.example', role: 'trainer' });
    const user = (
      await testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })
    ).json().user;
    await testApp.database.db.update(profiles).set({ organizationId: null }).where(eq(profiles.id, user.id));
    testApp.modules.organizations.service.forget(user.id);
    for (const [method, url] of [
      ['GET', '/api/courses'],
      ['POST', '/api/courses'],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url,
        headers: { origin: 'http://localhost:3000', cookie },
        ...(method === 'POST' ? { payload: { title: 'x' } } : {}),
      });
      expect(expectStatus(response, 409).error.code).toBe('NO_ORGANIZATION');
    }
    expect(users.admin.organizationId).toBeNull();
  });

  it("lets an admin list every organisation's formations with the organisation name, and narrow to one", async () => {
    await createCourse('Formation de B', {}, 'trainerB');
    const all = await list('admin', '?pageSize=100');
    const names = new Set(all.items.map((course) => course.organizationName));
    expect(names).toEqual(new Set(['Organisme A', 'Organisme B', 'Organisme C']));
    const onlyB = await list('admin', `?organizationId=${world.users.trainerB.organizationId}`);
    expect(onlyB.items.map((course) => course.title)).toEqual(['Formation de B']);
    // A trainer cannot widen their list with someone else's organisation.
    const sneaky = await list('trainerA', `?organizationId=${world.users.trainerB.organizationId}`);
    expect(sneaky.items).toEqual([]);
  });

  it('lets an admin edit any formation, but not create one without an organisation', async () => {
    const course = await createCourse('Formation administrée', {}, 'trainerB');
    const renamed = await world.call('admin', 'PATCH', `/api/courses/${course.id}`, { title: 'Renommée' });
    expect(expectStatus(renamed, 200).title).toBe('Renommée');
    expect(
      expectStatus(await world.call('admin', 'POST', '/api/courses', { title: 'x' }), 409).error.code,
    ).toBe('NO_ORGANIZATION');
  });
});

describe("another organisation's formation", () => {
  it('is invisible and unchangeable by its id: 404 TRAINING_NOT_FOUND, like an unknown id', async () => {
    const course = await createCourse('Confidentiel A', { description: 'secret' });
    const module = await addModule(course.id, 'Module secret');
    const lesson = await addTextLesson(course.id, module.id, 'Leçon secrète');
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/courses/${course.id}`],
      ['PATCH', `/api/courses/${course.id}`, { title: 'Piraté' }],
      ['DELETE', `/api/courses/${course.id}`],
      ['POST', `/api/courses/${course.id}/publish`],
      ['POST', `/api/courses/${course.id}/lock`],
      ['POST', `/api/courses/${course.id}/archive`],
      ['POST', `/api/courses/${course.id}/duplicate`],
      ['POST', `/api/courses/${course.id}/modules`, { title: 'Intrus' }],
      ['PATCH', `/api/courses/${course.id}/modules/${module.id}`, { title: 'Intrus' }],
      ['DELETE', `/api/courses/${course.id}/modules/${module.id}`],
      ['PUT', `/api/courses/${course.id}/modules/order`, { moduleIds: [module.id] }],
      [
        'POST',
        `/api/courses/${course.id}/modules/${module.id}/lessons`,
        { title: 'x', content: { type: 'text', html: 'x' } },
      ],
      ['GET', `/api/courses/${course.id}/lessons/${lesson.id}`],
      ['PATCH', `/api/courses/${course.id}/lessons/${lesson.id}`, { title: 'Piraté' }],
      ['DELETE', `/api/courses/${course.id}/lessons/${lesson.id}`],
      ['POST', `/api/courses/${course.id}/lessons/${lesson.id}/move`, { moduleId: module.id }],
      ['GET', `/api/courses/${course.id}/enrollments`],
      ['POST', `/api/courses/${course.id}/enrollments`, { studentIds: [world.users.studentB.id] }],
      ['DELETE', `/api/courses/${course.id}/enrollments/${world.users.studentA1.id}`],
      ['GET', `/api/courses/${course.id}/enrollment-candidates`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await world.call('trainerB', method as 'GET', url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code, `${method} ${url}`).toBe('TRAINING_NOT_FOUND');
      const unknown = await world.call(
        'trainerA',
        method as 'GET',
        url.replace(course.id, UNKNOWN_ID),
        payload,
      );
      expect(unknown.json().error.code, `unknown ${method} ${url}`).toBe('TRAINING_NOT_FOUND');
    }
    const [row] = await world.testApp.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({
      title: 'Confidentiel A',
      status: 'draft',
      isLocked: false,
      archivedAt: null,
    });
    const detail = expectStatus<CourseDetail>(
      await world.call('trainerA', 'GET', `/api/courses/${course.id}`),
      200,
    );
    expect(detail.modules.map((item) => [item.title, item.lessons.map((entry) => entry.title)])).toEqual([
      ['Module secret', ['Leçon secrète']],
    ]);
    expect((await list('trainerB', '?pageSize=100')).items.map((item) => item.id)).not.toContain(course.id);
  });

  it('refuses malformed ids with 400 naming the parameter', async () => {
    const response = await world.call('trainerA', 'GET', '/api/courses/not-a-uuid');
    expect(expectStatus(response, 400).error.details.fields[0].path).toBe('id');
    const lesson = await world.call('trainerA', 'GET', `/api/courses/${UNKNOWN_ID}/lessons/42`);
    expect(expectStatus(lesson, 400).error.details.fields[0].path).toBe('lessonId');
  });
});

describe('modules and lessons', () => {
  it('orders modules as created, and reorders them from a complete list only', async () => {
    const course = await createCourse('Bureautique');
    const [one, two, three] = [
      await addModule(course.id, 'Un'),
      await addModule(course.id, 'Deux'),
      await addModule(course.id, 'Trois'),
    ];
    const reordered = expectStatus<CourseOutline>(
      await world.call('trainerA', 'PUT', `/api/courses/${course.id}/modules/order`, {
        moduleIds: [three!.id, one!.id, two!.id],
      }),
      200,
    );
    expect(reordered.modules.map((module) => [module.title, module.position])).toEqual([
      ['Trois', 0],
      ['Un', 1],
      ['Deux', 2],
    ]);
    for (const moduleIds of [
      [one!.id, two!.id],
      [one!.id, one!.id, two!.id],
      [one!.id, two!.id, UNKNOWN_ID],
    ]) {
      const refused = await world.call('trainerA', 'PUT', `/api/courses/${course.id}/modules/order`, {
        moduleIds,
      });
      expect(expectStatus(refused, 400).error.details.fields[0].path).toBe('moduleIds');
    }
    const renamed = await world.call('trainerA', 'PATCH', `/api/courses/${course.id}/modules/${two!.id}`, {
      title: 'Deux bis',
    });
    expect(expectStatus(renamed, 200)).toMatchObject({ title: 'Deux bis', position: 2 });
    expectStatus(await world.call('trainerA', 'DELETE', `/api/courses/${course.id}/modules/${one!.id}`), 200);
    const detail = expectStatus<CourseDetail>(
      await world.call('trainerA', 'GET', `/api/courses/${course.id}`),
      200,
    );
    expect(detail.modules.map((module) => module.title)).toEqual(['Trois', 'Deux bis']);
    expect(detail.moduleCount).toBe(2);
  });

  it('creates each type of lesson, resolving videos to their privacy-friendly player', async () => {
    const course = await createCourse('Types de leçons');
    const module = await addModule(course.id, 'Module');
    const create = (body: unknown) =>
      world.call('trainerA', 'POST', `/api/courses/${course.id}/modules/${module.id}/lessons`, body);
    const video = expectStatus<Lesson>(
      await create({
        title: 'Vidéo',
        estimatedMinutes: 7,
        content: { type: 'video', source: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' },
      }),
      200,
    );
    expect(video).toMatchObject({
      type: 'video',
      estimatedMinutes: 7,
      position: 0,
      content: {
        type: 'video',
        source: 'embed',
        provider: 'youtube',
        videoId: 'dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
    });
    const link = expectStatus<Lesson>(
      await create({ title: 'Lien', content: { type: 'link', url: 'https://www.service-public.fr/' } }),
      200,
    );
    expect(link).toMatchObject({ type: 'link', estimatedMinutes: 10, position: 1 });

    const refusals: [unknown, string, string?][] = [
      [
        { title: 'x', content: { type: 'video', source: 'embed', url: 'https://evil.example/v' } },
        'content.url',
        'UNSUPPORTED_FORMAT',
      ],
      [{ title: 'x', content: { type: 'link', url: 'http://insecure.example' } }, 'content.url'],
      [{ title: 'x', content: { type: 'link', url: 'javascript:alert(1)' } }, 'content.url'],
      [{ title: 'x', content: { type: 'document', fileId: UNKNOWN_ID } }, 'content.fileId', 'NOT_FOUND'],
      [{ title: 'x', content: { type: 'quiz' } }, 'content.type'],
      [{ title: 'x', estimatedMinutes: -1, content: { type: 'text', html: '' } }, 'estimatedMinutes'],
      [{ content: { type: 'text', html: '' } }, 'title'],
    ];
    for (const [body, field, message] of refusals) {
      const response = expectStatus(await create(body), 400);
      expect(response.error.details.fields[0].path, JSON.stringify(body)).toBe(field);
      if (message) expect(response.error.details.fields[0].message).toBe(message);
    }
  });

  it('sanitises text lessons on write: no script, no event handler, no javascript: link', async () => {
    const course = await createCourse('Sécurité du contenu');
    const module = await addModule(course.id, 'Module');
    const html = [
      '<h2>Titre</h2><script>alert(1)</script>',
      '<p onclick="alert(2)">Paragraphe <strong>gras</strong></p>',
      '<img src="x" onerror="alert(3)">',
      `<img src="/api/files/${UNKNOWN_ID}" alt="schéma">`,
      '<a href="javascript:alert(4)">piège</a>',
      '<a href="https://example.org">lien</a>',
      '<iframe src="https://evil.example"></iframe><style>body{}</style>',
    ].join('');
    const lesson = await addTextLesson(course.id, module.id, 'Texte', html);
    const stored = lesson.content.type === 'text' ? lesson.content.html : '';
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe|style|alert/i);
    expect(stored).toContain('<h2>Titre</h2>');
    expect(stored).toContain('<strong>gras</strong>');
    expect(stored).toContain(`<img src="/api/files/${UNKNOWN_ID}" alt="schéma" />`);
    expect(stored).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">lien</a>',
    );
    const updated = expectStatus<Lesson>(
      await world.call('trainerA', 'PATCH', `/api/courses/${course.id}/lessons/${lesson.id}`, {
        content: { type: 'text', html: '<svg onload="alert(5)"></svg><p>ok</p>' },
      }),
      200,
    );
    expect(updated.content).toEqual({ type: 'text', html: '<p>ok</p>' });
  });

  it('reorders lessons within a module and moves them between modules', async () => {
    const course = await createCourse('Déplacements');
    const first = await addModule(course.id, 'Premier');
    const second = await addModule(course.id, 'Second');
    const a = await addTextLesson(course.id, first.id, 'A');
    const b = await addTextLesson(course.id, first.id, 'B');
    const c = await addTextLesson(course.id, first.id, 'C');
    const d = await addTextLesson(course.id, second.id, 'D');
    const titles = (outline: CourseOutline) =>
      outline.modules.map((module) =>
        module.lessons.map((lesson) => `${lesson.title}${lesson.position}`).join(' '),
      );

    const reordered = expectStatus<CourseOutline>(
      await world.call('trainerA', 'PUT', `/api/courses/${course.id}/modules/${first.id}/lessons/order`, {
        lessonIds: [c.id, a.id, b.id],
      }),
      200,
    );
    expect(titles(reordered)).toEqual(['C0 A1 B2', 'D0']);
    const partial = await world.call(
      'trainerA',
      'PUT',
      `/api/courses/${course.id}/modules/${first.id}/lessons/order`,
      {
        lessonIds: [c.id, a.id, d.id],
      },
    );
    expect(expectStatus(partial, 400).error.details.fields[0].path).toBe('lessonIds');

    const moved = expectStatus<CourseOutline>(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/lessons/${a.id}/move`, {
        moduleId: second.id,
        position: 0,
      }),
      200,
    );
    expect(titles(moved)).toEqual(['C0 B1', 'A0 D1']);
    const toEnd = expectStatus<CourseOutline>(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/lessons/${c.id}/move`, {
        moduleId: second.id,
      }),
      200,
    );
    expect(titles(toEnd)).toEqual(['B0', 'A0 D1 C2']);
    const within = expectStatus<CourseOutline>(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/lessons/${c.id}/move`, {
        moduleId: second.id,
        position: 1,
      }),
      200,
    );
    expect(titles(within)).toEqual(['B0', 'A0 C1 D2']);

    const other = await createCourse('Ailleurs');
    const foreignModule = await addModule(other.id, 'Étranger');
    const outside = await world.call('trainerA', 'POST', `/api/courses/${course.id}/lessons/${b.id}/move`, {
      moduleId: foreignModule.id,
    });
    expect(expectStatus(outside, 400).error.details.fields[0].path).toBe('moduleId');

    expectStatus(await world.call('trainerA', 'DELETE', `/api/courses/${course.id}/lessons/${b.id}`), 200);
    const lessonGone = await world.call('trainerA', 'GET', `/api/courses/${course.id}/lessons/${b.id}`);
    expect(expectStatus(lessonGone, 404).error.code).toBe('NOT_FOUND');
  });
});

describe('copies, deletion and archive', () => {
  it('duplicates a formation deeply, as an unlocked draft titled "(copie)" without learners', async () => {
    const course = await createCourse('Original', { description: 'Desc', priceCents: 9900 });
    const module = await addModule(course.id, 'M1');
    await addTextLesson(course.id, module.id, 'L1', '<p>Un</p>');
    await addTextLesson(course.id, module.id, 'L2', '<p>Deux</p>');
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/publish`);
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/lock`);
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    });

    const copy = expectStatus<CourseDetail>(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/duplicate`),
      200,
    );
    expect(copy).toMatchObject({
      title: 'Original (copie)',
      description: 'Desc',
      priceCents: 9900,
      status: 'draft',
      isLocked: false,
      enrollmentCount: 0,
      lessonCount: 2,
    });
    expect(copy.id).not.toBe(course.id);
    expect(copy.modules[0]!.id).not.toBe(module.id);
    expect(copy.modules.map((item) => item.lessons.map((lesson) => lesson.title))).toEqual([['L1', 'L2']]);
    const copiedLesson = expectStatus<Lesson>(
      await world.call(
        'trainerA',
        'GET',
        `/api/courses/${copy.id}/lessons/${copy.modules[0]!.lessons[1]!.id}`,
      ),
      200,
    );
    expect(copiedLesson.content).toEqual({ type: 'text', html: '<p>Deux</p>' });
  });

  it('refuses to delete a formation with learners (LINKED_DATA, SPEC 8 23503) and archives it instead', async () => {
    const course = await createCourse('Avec apprenants');
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [world.users.studentA2.id],
    });
    const refused = await world.call('trainerA', 'DELETE', `/api/courses/${course.id}`);
    expect(expectStatus(refused, 409).error.code).toBe('LINKED_DATA');
    const archived = expectStatus<Course>(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/archive`),
      200,
    );
    expect(archived.isArchived).toBe(true);
    expect(archived.archivedAt).not.toBeNull();
    expect((await list('trainerA', '?pageSize=100')).items.map((item) => item.id)).not.toContain(course.id);
    const restored = expectStatus<Course>(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/unarchive`),
      200,
    );
    expect(restored).toMatchObject({ isArchived: false, archivedAt: null });
  });

  it('deletes a formation without linked data, with its modules and lessons', async () => {
    const course = await createCourse('Éphémère');
    const module = await addModule(course.id, 'M');
    await addTextLesson(course.id, module.id, 'L');
    expect(expectStatus(await world.call('trainerA', 'DELETE', `/api/courses/${course.id}`), 200)).toEqual({
      ok: true,
    });
    expect(
      expectStatus(await world.call('trainerA', 'GET', `/api/courses/${course.id}`), 404).error.code,
    ).toBe('TRAINING_NOT_FOUND');
  });
});

describe('enrolments', () => {
  it('enrols students of the organisation, and repeating the call changes nothing', async () => {
    const course = await createCourse('Inscriptions');
    const { studentA1, studentA2 } = world.users;
    const first = await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [studentA1.id, studentA2.id, studentA1.id],
    });
    expect(expectStatus(first, 200)).toEqual({ addedCount: 2, alreadyEnrolledCount: 0 });
    const again = await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [studentA1.id],
    });
    expect(expectStatus(again, 200)).toEqual({ addedCount: 0, alreadyEnrolledCount: 1 });

    const enrolled = expectStatus(
      await world.call('trainerA', 'GET', `/api/courses/${course.id}/enrollments`),
      200,
    );
    expect(enrolled.total).toBe(2);
    const rows = enrolled.items.map(
      (item: { email: string; progress: number }) => `${item.email} ${item.progress}`,
    );
    expect(rows.sort()).toEqual(['hugo@org-a.example 0', 'lea@org-a.example 0']);
    const searched = expectStatus(
      await world.call('trainerA', 'GET', `/api/courses/${course.id}/enrollments?search=HUGO`),
      200,
    );
    expect(searched.items.map((item: { studentId: string }) => item.studentId)).toEqual([studentA2.id]);

    const candidates = expectStatus(
      await world.call('trainerA', 'GET', `/api/courses/${course.id}/enrollment-candidates`),
      200,
    );
    expect(candidates.items.every((item: { isEnrolled: boolean }) => item.isEnrolled)).toBe(true);
    expect(candidates.total).toBe(2);

    expectStatus(
      await world.call('trainerA', 'DELETE', `/api/courses/${course.id}/enrollments/${studentA2.id}`),
      200,
    );
    const gone = await world.call(
      'trainerA',
      'DELETE',
      `/api/courses/${course.id}/enrollments/${studentA2.id}`,
    );
    expect(expectStatus(gone, 404).error.code).toBe('NOT_FOUND');
    const after = expectStatus(
      await world.call('trainerA', 'GET', `/api/courses/${course.id}/enrollment-candidates?search=hugo`),
      200,
    );
    expect(after.items).toEqual([
      { id: studentA2.id, fullName: 'Anne de la Tour', email: 'hugo@org-a.example', isEnrolled: false },
    ]);
  });

  it("refuses another organisation's students, waiting students and trainers, enrolling nobody", async () => {
    const course = await createCourse('Inscriptions refusées');
    const { studentA1, studentB, loneStudent, trainerA } = world.users;
    for (const stranger of [studentB.id, loneStudent.id, trainerA.id, 'no-such-account']) {
      const response = await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
        studentIds: [studentA1.id, stranger],
      });
      const body = expectStatus(response, 404);
      expect(body.error.code).toBe('USER_NOT_FOUND');
      expect(body.error.details.fields).toEqual([{ path: 'studentIds.1', message: 'USER_NOT_FOUND' }]);
    }
    const enrolled = expectStatus(
      await world.call('trainerA', 'GET', `/api/courses/${course.id}/enrollments`),
      200,
    );
    expect(enrolled.total).toBe(0);
    const empty = await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [],
    });
    expect(expectStatus(empty, 400).error.details.fields[0].path).toBe('studentIds');
  });
});

describe(`row-level security of the course tables on ${ENGINE}`, () => {
  it('returns no formation of another organisation to a query that forgot its filter', async () => {
    const { database } = world.testApp;
    const { trainerB } = world.users;
    const rows = await database.withTenant(
      { userId: trainerB.id, role: 'trainer', organizationId: trainerB.organizationId },
      (tx) => tx.select({ organizationId: courses.organizationId }).from(courses),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.organizationId))).toEqual(new Set([trainerB.organizationId]));
  });

  it('lets a student neither enrol themselves nor complete a lesson of a formation they do not follow', async () => {
    const course = await createCourse('Hors de portée');
    const module = await addModule(course.id, 'M');
    const lesson = await addTextLesson(course.id, module.id, 'L');
    const { studentA2 } = world.users;
    const student = {
      userId: studentA2.id,
      role: 'student' as const,
      organizationId: studentA2.organizationId,
    };
    await expect(
      world.testApp.database.withTenant(student, (tx) =>
        tx.insert(courseEnrollments).values({
          organizationId: course.organizationId,
          courseId: course.id,
          studentId: studentA2.id,
        }),
      ),
    ).rejects.toThrow();
    await expect(
      world.testApp.database.withTenant(student, (tx) =>
        tx.insert(lessonCompletions).values({
          organizationId: course.organizationId,
          courseId: course.id,
          lessonId: lesson.id,
          studentId: studentA2.id,
        }),
      ),
    ).rejects.toThrow();
  });
});
