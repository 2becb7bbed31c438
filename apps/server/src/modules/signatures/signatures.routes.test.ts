import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { drawDemoSignature } from './seed-demo-signatures.ts';
import { certifiedSignatures } from './signatures.tables.ts';

const HOUR_MS = 60 * 60 * 1000;
const LEA = 'lea@org-a.example';

let clock = new Date('2026-11-02T08:00:00.000Z');
let world: CoursesWorld;
let courseId: string;
let otherCourseId: string;
const lessonIds: string[] = [];
const image = `data:image/png;base64,${drawDemoSignature(3).toString('base64')}`;

const pageUrl = (id: string, moduleIndex?: number) =>
  `/api/signatures/courses/${id}${moduleIndex === undefined ? '' : `?module=${moduleIndex}`}`;

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  const call = world.call;
  courseId = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Excel avancé' }), 200).id;
  for (const title of ['Formules', 'Graphiques']) {
    const moduleId = expectStatus(
      await call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title }),
      200,
    ).id;
    const lesson = expectStatus(
      await call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
        title: `${title} : leçon`,
        content: { type: 'text', html: '<p>Contenu</p>' },
      }),
      200,
    );
    lessonIds.push(lesson.id);
  }
  expectStatus(await call('trainerA', 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id, world.users.studentA2.id],
    }),
    200,
  );
  otherCourseId = expectStatus(
    await call('trainerB', 'POST', '/api/courses', { title: 'Formation B' }),
    200,
  ).id;
});
afterAll(async () => {
  await world?.close();
});

const complete = (person: 'studentA1' | 'studentA2', lessonId: string) =>
  world.call(person, 'POST', `/api/learning/courses/${courseId}/lessons/${lessonId}/complete`);

async function reminderMails(to: string) {
  return world.testApp.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, 'missing-signature')));
}

describe('certified signatures', () => {
  it('refuses to sign before the formation or module is complete', async () => {
    const page = expectStatus(await world.call('studentA1', 'GET', pageUrl(courseId)), 200);
    expect(page).toMatchObject({
      progress: 0,
      canSign: false,
      signature: null,
      signatureType: 'formation_completion',
    });
    const refused = await world.call('studentA1', 'POST', pageUrl(courseId), { image });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SIGNATURE_NOT_COMPLETED');
    expect(
      (await world.call('studentA1', 'POST', pageUrl(courseId), { image, moduleIndex: 0 })).json().error.code,
    ).toBe('SIGNATURE_NOT_COMPLETED');
  });

  it('signs a completed module once, keeping what was signed with its hash', async () => {
    expectStatus(await complete('studentA1', lessonIds[0]!), 200);
    const page = expectStatus(await world.call('studentA1', 'GET', pageUrl(courseId, 0)), 200);
    expect(page).toMatchObject({ moduleTitle: 'Formules', progress: 100, canSign: true });
    // The formation itself is at 50 %: still refused.
    expect((await world.call('studentA1', 'POST', pageUrl(courseId), { image })).statusCode).toBe(409);

    const signed = expectStatus(
      await world.call('studentA1', 'POST', pageUrl(courseId), { image, moduleIndex: 0 }),
      200,
    );
    expect(signed.signature).toMatchObject({
      status: 'signed',
      signatureType: 'module_completion',
      moduleIndex: 0,
      signedAt: clock.toISOString(),
      image,
    });
    expect(signed.canSign).toBe(false);
    const again = await world.call('studentA1', 'POST', pageUrl(courseId), { image, moduleIndex: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CERTIFIED_SIGNATURE_EXISTS');

    const [row] = await world.testApp.database.db
      .select()
      .from(certifiedSignatures)
      .where(eq(certifiedSignatures.id, signed.signature.id));
    expect(row).toMatchObject({ userId: world.users.studentA1.id, ipAddress: expect.any(String) });
    expect(row!.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a signed row changed afterwards as an error', async () => {
    const [row] = await world.testApp.database.db
      .select()
      .from(certifiedSignatures)
      .where(eq(certifiedSignatures.userId, world.users.studentA1.id));
    await world.testApp.database.db
      .update(certifiedSignatures)
      .set({ progress: 99 })
      .where(eq(certifiedSignatures.id, row!.id));
    const page = expectStatus(await world.call('studentA1', 'GET', pageUrl(courseId, 0)), 200);
    expect(page.signature.status).toBe('error');
    await world.testApp.database.db
      .update(certifiedSignatures)
      .set({ progress: 100 })
      .where(eq(certifiedSignatures.id, row!.id));
    expect(
      expectStatus(await world.call('studentA1', 'GET', pageUrl(courseId, 0)), 200).signature.status,
    ).toBe('signed');
  });

  it('refuses what is not a PNG, and an unknown module', async () => {
    const notPng = `data:image/png;base64,${Buffer.from('not a png at all, only some text that is long enough to pass the size').toString('base64')}`;
    const refused = await world.call('studentA1', 'POST', pageUrl(courseId), {
      image: notPng,
      moduleIndex: 0,
    });
    expect(refused.json().error.code).toBe('SIGNATURE_INVALID');
    expect(
      (await world.call('studentA1', 'POST', pageUrl(courseId), { image: 'data:image/jpeg;base64,AAAA' }))
        .statusCode,
    ).toBe(400);
    expect((await world.call('studentA1', 'GET', pageUrl(courseId, 7))).statusCode).toBe(404);
  });

  it("answers 404 for another organisation's formation and keeps each learner to their own rows", async () => {
    expect((await world.call('studentA1', 'GET', pageUrl(otherCourseId))).statusCode).toBe(404);
    expect((await world.call('studentB', 'GET', pageUrl(courseId))).statusCode).toBe(404);
    expect((await world.call('studentB', 'POST', pageUrl(courseId), { image })).statusCode).toBe(404);
    const hugo = expectStatus(await world.call('studentA2', 'GET', '/api/signatures'), 200);
    expect(hugo.total).toBe(0);
    const lea = expectStatus(await world.call('studentA1', 'GET', '/api/signatures'), 200);
    expect(lea.items).toMatchObject([
      { courseTitle: 'Excel avancé', moduleTitle: 'Formules', status: 'signed' },
    ]);
    // The list shows no image: only the page does, to its learner.
    expect(lea.items[0].image).toBeUndefined();
  });

  it('lists the organisation’s signatures for its trainers, with a pending request per completed formation', async () => {
    expectStatus(await complete('studentA2', lessonIds[0]!), 200);
    expectStatus(await complete('studentA2', lessonIds[1]!), 200);
    const list = expectStatus(await world.call('trainerA', 'GET', '/api/trainer/signatures'), 200);
    expect(list.total).toBe(2);
    const pending = list.items.find((item: { status: string }) => item.status === 'pending');
    expect(pending).toMatchObject({
      studentId: world.users.studentA2.id,
      signatureType: 'formation_completion',
      courseTitle: 'Excel avancé',
      lastRemindedAt: null,
    });
    const filtered = expectStatus(
      await world.call(
        'trainerA',
        'GET',
        '/api/trainer/signatures?status=signed&type=module_completion&search=lea',
      ),
      200,
    );
    expect(filtered.items).toHaveLength(1);
    expect(
      expectStatus(await world.call('trainerA', 'GET', '/api/trainer/signatures?search=personne'), 200).total,
    ).toBe(0);
    // Organisation B's trainer sees none of them, and cannot remind them.
    expect(expectStatus(await world.call('trainerB', 'GET', '/api/trainer/signatures'), 200).total).toBe(0);
    expect(
      (await world.call('trainerB', 'POST', `/api/trainer/signatures/${pending.id}/remind`)).statusCode,
    ).toBe(404);
    expect((await world.call('studentA2', 'GET', '/api/trainer/signatures')).statusCode).toBe(403);
  });

  it('reminds a pending signature once a day at most, and never a signed one', async () => {
    const list = expectStatus(await world.call('trainerA', 'GET', '/api/trainer/signatures'), 200);
    const pending = list.items.find((item: { status: string }) => item.status === 'pending');
    const signed = list.items.find((item: { status: string }) => item.status === 'signed');
    const HUGO = 'hugo@org-a.example';
    expectStatus(await world.call('trainerA', 'POST', `/api/trainer/signatures/${pending.id}/remind`), 200);
    const [mail] = await reminderMails(HUGO);
    expect(mail!.text).toContain(`/student/formations/${courseId}/signature`);
    const tooSoon = await world.call('trainerA', 'POST', `/api/trainer/signatures/${pending.id}/remind`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('SIGNATURE_REMINDER_TOO_SOON');
    clock = new Date(clock.getTime() + 23 * HOUR_MS);
    expect(
      (await world.call('trainerA', 'POST', `/api/trainer/signatures/${pending.id}/remind`)).statusCode,
    ).toBe(429);
    clock = new Date(clock.getTime() + 2 * HOUR_MS);
    expectStatus(await world.call('trainerA', 'POST', `/api/trainer/signatures/${pending.id}/remind`), 200);
    expect(await reminderMails(HUGO)).toHaveLength(2);
    expect(
      (await world.call('trainerA', 'POST', `/api/trainer/signatures/${signed.id}/remind`)).statusCode,
    ).toBe(409);
    expect(await reminderMails(LEA)).toHaveLength(0);
  });

  it('skips formations already signed in the missing-signature job', async () => {
    const { signatures } = world.testApp.modules;
    const before = await signatures.service.listUnsignedCompletions();
    expect(before.map((row) => row.studentId)).toEqual([world.users.studentA2.id]);
    expectStatus(await world.call('studentA2', 'POST', pageUrl(courseId), { image }), 200);
    expect(await signatures.service.listUnsignedCompletions()).toEqual([]);
    // Signed: the pending request became the signature, no second row.
    const list = expectStatus(
      await world.call('trainerA', 'GET', '/api/trainer/signatures?status=pending'),
      200,
    );
    expect(list.total).toBe(0);
    const sent = await world.testApp.modules.reminders.service.sendMissingSignatureReminders(clock);
    expect(sent).toBe(0);
  });
});
