import type {
  AdminAuditList,
  Complaint,
  Improvement,
  ImprovementList,
  SessionUser,
  WatchEntry,
} from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';
import { multipart, PDF } from '../../../test/route-access-world.ts';
import { tenantOf } from '../../db/client.ts';

const DAY_MS = 86_400_000;
// 10:00 in Paris: the Paris day is the UTC day.
let clock = new Date('2026-03-10T09:00:00Z');
let world: CoursesWorld;
let trainerA: SessionUser;

const COMPLAINTS = '/api/trainer/registers/complaints';
const IMPROVEMENTS = '/api/trainer/registers/improvements';
const PLATFORM = '/api/admin/improvements';
const WATCH = '/api/trainer/registers/watch';

const sessionOf = async (cookie: string): Promise<SessionUser> =>
  (await world.testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
    .user;

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  trainerA = await sessionOf(world.users.trainerA.cookie);
});
afterAll(() => world.close());

const fieldsOf = (response: {
  json: () => { error: { code: string; details?: { fields?: { path: string }[] } } };
}) => {
  const { error } = response.json();
  expect(error.code).toBe('VALIDATION_ERROR');
  return (error.details?.fields ?? []).map((field) => field.path);
};

const complaint = (overrides: Record<string, unknown> = {}) => ({
  kind: 'complaint',
  source: 'email',
  receivedOn: '2026-03-05',
  subject: 'Salle trop froide',
  description: 'La salle de la session du 4 mars était à 15 °C.',
  ...overrides,
});

async function questionOf(student: 'studentA1' | 'studentB') {
  return expectStatus<{ id: string }>(
    await world.call(student, 'POST', '/api/student-questions', {
      subject: `Question de ${student}`,
      message: 'Je n’arrive pas à ouvrir le module 2.',
    }),
    200,
  );
}

describe('the complaints register (indicator 31)', () => {
  it('refuses an entry with bad fields, naming them', async () => {
    const response = await world.call(
      'trainerA',
      'POST',
      COMPLAINTS,
      complaint({ subject: '', kind: 'grief' }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(expect.arrayContaining(['subject', 'kind']));
    const mismatched = await world.call(
      'trainerA',
      'POST',
      COMPLAINTS,
      complaint({ questionId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(mismatched.statusCode).toBe(400);
    expect(fieldsOf(mismatched)).toContain('questionId');
    const future = await world.call('trainerA', 'POST', COMPLAINTS, complaint({ receivedOn: '2026-03-11' }));
    expect(fieldsOf(future)).toEqual(['receivedOn']);
  });

  it('counts the delays on the server, from the days and the clock', async () => {
    const created = expectStatus<Complaint>(
      await world.call('trainerA', 'POST', COMPLAINTS, complaint({ studentId: world.users.studentA1.id })),
      200,
    );
    expect(created).toMatchObject({
      status: 'open',
      studentName: expect.any(String),
      daysWaiting: 5,
      daysToAnswer: null,
      daysToClose: null,
    });
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    const listed = expectStatus<{ items: Complaint[] }>(await world.call('trainerA', 'GET', COMPLAINTS), 200);
    expect(listed.items.find((item) => item.id === created.id)?.daysWaiting).toBe(7);

    // Answered without its text: refused; with it, today is the answer's day.
    const edit = { ...complaint({ studentId: world.users.studentA1.id }), status: 'answered' };
    expect(fieldsOf(await world.call('trainerA', 'PUT', `${COMPLAINTS}/${created.id}`, edit))).toEqual([
      'answer',
    ]);
    const answered = expectStatus<Complaint>(
      await world.call('trainerA', 'PUT', `${COMPLAINTS}/${created.id}`, {
        ...edit,
        answer: 'Le chauffage a été réparé et la session sera rattrapée.',
      }),
      200,
    );
    expect(answered).toMatchObject({ answeredOn: '2026-03-12', daysToAnswer: 7, daysWaiting: null });

    clock = new Date(clock.getTime() + 3 * DAY_MS);
    const closed = expectStatus<Complaint>(
      await world.call('trainerA', 'POST', `${COMPLAINTS}/${created.id}/close`, {}),
      200,
    );
    expect(closed).toMatchObject({ status: 'closed', closedOn: '2026-03-15', daysToClose: 10 });

    // Closed is final.
    const again = await world.call('trainerA', 'PUT', `${COMPLAINTS}/${created.id}`, {
      ...edit,
      answer: 'Autre réponse',
    });
    expect(fieldsOf(again)).toEqual(['status']);
  });

  it('closes only an answered entry', async () => {
    const open = expectStatus<Complaint>(await world.call('trainerA', 'POST', COMPLAINTS, complaint()), 200);
    expect(fieldsOf(await world.call('trainerA', 'POST', `${COMPLAINTS}/${open.id}/close`, {}))).toEqual([
      'status',
    ]);
    const early = await world.call('trainerA', 'PUT', `${COMPLAINTS}/${open.id}`, {
      ...complaint(),
      status: 'answered',
      answer: 'Réponse',
      answeredOn: '2026-03-01',
    });
    expect(fieldsOf(early)).toEqual(['answeredOn']);
  });

  it("links a question of the organisation, never another organisation's nor its learners", async () => {
    const ownQuestion = await questionOf('studentA1');
    const otherQuestion = await questionOf('studentB');
    const linked = expectStatus<Complaint>(
      await world.call(
        'trainerA',
        'POST',
        COMPLAINTS,
        complaint({ kind: 'difficulty', source: 'question', questionId: ownQuestion.id }),
      ),
      200,
    );
    expect(linked.sourceLabel).toBe('Question de studentA1');

    const refusals = [
      [{ source: 'question', questionId: otherQuestion.id }, 'questionId'],
      [{ studentId: world.users.studentB.id }, 'studentId'],
      [{ handlerId: world.users.trainerB.id }, 'handlerId'],
      [{ source: 'message', conversationId: '00000000-0000-4000-8000-000000000000' }, 'conversationId'],
    ] as const;
    for (const [fields, path] of refusals) {
      const response = await world.call('trainerA', 'POST', COMPLAINTS, complaint(fields));
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual([path]);
    }

    // The picker offers the organisation's learners, questions and staff only.
    const links = expectStatus<{
      learners: { id: string }[];
      questions: { id: string }[];
      staff: { id: string }[];
    }>(await world.call('trainerA', 'GET', '/api/trainer/registers/links'), 200);
    expect(links.learners.map((learner) => learner.id)).toContain(world.users.studentA1.id);
    expect(links.learners.map((learner) => learner.id)).not.toContain(world.users.studentB.id);
    expect(links.questions.map((question) => question.id)).toEqual([ownQuestion.id]);
    expect(links.staff.map((person) => person.id)).toEqual([world.users.trainerA.id]);
  });

  it("keeps each organisation's entries out of the others' reach, and learners out", async () => {
    const own = expectStatus<Complaint>(await world.call('trainerA', 'POST', COMPLAINTS, complaint()), 200);
    const seenByB = expectStatus<{ items: Complaint[] }>(
      await world.call('trainerB', 'GET', COMPLAINTS),
      200,
    );
    expect(seenByB.items).toEqual([]);
    expect(
      (await world.call('trainerB', 'PUT', `${COMPLAINTS}/${own.id}`, { ...complaint(), status: 'open' }))
        .statusCode,
    ).toBe(404);
    expect((await world.call('trainerB', 'POST', `${COMPLAINTS}/${own.id}/close`, {})).statusCode).toBe(404);
    expect((await world.call('studentA1', 'GET', COMPLAINTS)).statusCode).toBe(403);
    // Row-level security alone, without the service's filter.
    const rows = await world.testApp.database.withTenant(
      tenantOf({
        ...trainerA,
        id: world.users.trainerB.id,
        organizationId: world.users.trainerB.organizationId,
      }),
      (tx) => tx.execute('select id from complaints'),
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('improvement actions (indicator 32)', () => {
  const action = (overrides: Record<string, unknown> = {}) => ({
    origin: 'satisfaction_survey',
    title: 'Revoir le support du module 3',
    description: 'Trois apprenants sur dix le jugent trop dense.',
    dueOn: '2026-03-20',
    ...overrides,
  });

  it('plans an action from a complaint of the organisation only, with a staff owner', async () => {
    const source = expectStatus<Complaint>(
      await world.call('trainerA', 'POST', COMPLAINTS, complaint()),
      200,
    );
    const created = expectStatus<Improvement>(
      await world.call(
        'trainerA',
        'POST',
        IMPROVEMENTS,
        action({ origin: 'complaint', complaintId: source.id, ownerId: world.users.trainerA.id }),
      ),
      200,
    );
    expect(created).toMatchObject({
      status: 'planned',
      complaintSubject: 'Salle trop froide',
      overdue: false,
    });
    expect(created.ownerName).toBeTruthy();

    const fromB = await world.call(
      'trainerB',
      'POST',
      IMPROVEMENTS,
      action({ origin: 'complaint', complaintId: source.id }),
    );
    expect(fieldsOf(fromB)).toEqual(['complaintId']);
    const foreignOwner = await world.call(
      'trainerA',
      'POST',
      IMPROVEMENTS,
      action({ ownerId: world.users.trainerB.id }),
    );
    expect(fieldsOf(foreignOwner)).toEqual(['ownerId']);
    const wrongOrigin = await world.call(
      'trainerA',
      'POST',
      IMPROVEMENTS,
      action({ complaintId: source.id }),
    );
    expect(fieldsOf(wrongOrigin)).toEqual(['complaintId']);
  });

  it('shows an open action as overdue past its due day, and closes it with its evidence', async () => {
    const created = expectStatus<Improvement>(
      await world.call(
        'trainerA',
        'POST',
        IMPROVEMENTS,
        action({ title: 'Action à échéance', dueOn: '2026-03-16' }),
      ),
      200,
    );
    clock = new Date('2026-03-17T09:00:00Z');
    const overdue = expectStatus<ImprovementList>(
      await world.call('trainerA', 'GET', `${IMPROVEMENTS}?overdue=true`),
      200,
    );
    expect(overdue.items.map((item) => item.id)).toContain(created.id);
    expect(overdue.items.every((item) => item.overdue)).toBe(true);

    expect(
      fieldsOf(
        await world.call('trainerA', 'POST', `${IMPROVEMENTS}/${created.id}/close`, { status: 'done' }),
      ),
    ).toEqual(['closureNote']);
    const upload = multipart(PDF, 'compte-rendu.pdf');
    const file = await world.testApp.app.inject({
      method: 'POST',
      url: '/api/files?purpose=record',
      headers: { ...ORIGIN, cookie: world.users.trainerA.cookie, 'content-type': upload.contentType },
      payload: upload.body,
    });
    const fileId = expectStatus<{ id: string }>(file, 200).id;
    const closed = expectStatus<Improvement>(
      await world.call('trainerA', 'POST', `${IMPROVEMENTS}/${created.id}/close`, {
        status: 'done',
        closureNote: 'Support refait, validé en réunion pédagogique.',
        closureFileId: fileId,
      }),
      200,
    );
    expect(closed).toMatchObject({
      status: 'done',
      closedOn: '2026-03-17',
      overdue: false,
      closureFile: { id: fileId, name: 'compte-rendu.pdf' },
    });
    // The orphan sweep keeps the evidence.
    const used = await world.testApp.modules.fileAccess.fileIdsInUse(world.users.trainerA.organizationId!);
    expect(used.has(fileId)).toBe(true);
    // Closed is final; another organisation's file is refused.
    const edit = { ...action(), status: 'in_progress' };
    expect(fieldsOf(await world.call('trainerA', 'PUT', `${IMPROVEMENTS}/${created.id}`, edit))).toEqual([
      'status',
    ]);
    const other = expectStatus<Improvement>(
      await world.call('trainerB', 'POST', IMPROVEMENTS, action()),
      200,
    );
    const foreignFile = await world.call('trainerB', 'POST', `${IMPROVEMENTS}/${other.id}/close`, {
      status: 'abandoned',
      closureNote: 'Abandonnée',
      closureFileId: fileId,
    });
    expect(fieldsOf(foreignFile)).toEqual(['closureFileId']);
  });

  it("keeps the platform's actions to admins, and writes their changes to the audit log", async () => {
    expect((await world.call('trainerA', 'GET', PLATFORM)).statusCode).toBe(403);
    expect((await world.call('trainerA', 'POST', PLATFORM, action())).statusCode).toBe(403);
    const owners = expectStatus<{ items: { id: string }[] }>(
      await world.call('admin', 'GET', `${PLATFORM}/owners`),
      200,
    );
    expect(owners.items.map((owner) => owner.id)).toEqual([world.users.admin.id]);

    const created = expectStatus<Improvement>(
      await world.call('admin', 'POST', PLATFORM, action({ origin: 'audit', ownerId: world.users.admin.id })),
      200,
    );
    // Not an organisation's: no trainer sees it, and a complaint cannot be its origin.
    const seenByA = expectStatus<ImprovementList>(await world.call('trainerA', 'GET', IMPROVEMENTS), 200);
    expect(seenByA.items.map((item) => item.id)).not.toContain(created.id);
    expect(
      (
        await world.call('trainerA', 'PUT', `${IMPROVEMENTS}/${created.id}`, {
          ...action(),
          status: 'planned',
        })
      ).statusCode,
    ).toBe(404);
    const withComplaint = await world.call(
      'admin',
      'POST',
      PLATFORM,
      action({ origin: 'complaint', complaintId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(fieldsOf(withComplaint)).toEqual(['complaintId']);
    expect(
      fieldsOf(await world.call('admin', 'POST', PLATFORM, action({ ownerId: world.users.trainerA.id }))),
    ).toEqual(['ownerId']);

    expectStatus(
      await world.call('admin', 'PUT', `${PLATFORM}/${created.id}`, {
        ...action({ origin: 'audit' }),
        status: 'in_progress',
      }),
      200,
    );
    expectStatus(
      await world.call('admin', 'POST', `${PLATFORM}/${created.id}/close`, {
        status: 'done',
        closureNote: 'Plan de reprise testé.',
      }),
      200,
    );
    const listed = expectStatus<ImprovementList>(await world.call('admin', 'GET', PLATFORM), 200);
    expect(listed.items.map((item) => item.id)).toEqual([created.id]);

    const log = expectStatus<AdminAuditList>(await world.call('admin', 'GET', '/api/admin/audit-log'), 200);
    const mine = log.items.filter((entry) => entry.targetId === created.id);
    expect(mine.map((entry) => entry.action)).toEqual([
      'improvement_action.close',
      'improvement_action.update',
      'improvement_action.create',
    ]);
    expect(
      mine.every((entry) => entry.organizationId === null && entry.actorId === world.users.admin.id),
    ).toBe(true);
  });
});

describe('the watch registers (indicators 23 to 25)', () => {
  const entry = (overrides: Record<string, unknown> = {}) => ({
    indicator: 23,
    observedOn: '2026-03-02',
    source: 'Journal officiel',
    summary: 'Décret sur la certification professionnelle.',
    impact: 'Mettre à jour les programmes certifiants avant septembre.',
    ...overrides,
  });

  it('records dated entries, filtered by indicator, linked to an action of the organisation only', async () => {
    expect(fieldsOf(await world.call('trainerA', 'POST', WATCH, entry({ indicator: 26 })))).toEqual([
      'indicator',
    ]);
    expect(
      fieldsOf(await world.call('trainerA', 'POST', WATCH, entry({ observedOn: '2027-01-01' }))),
    ).toEqual(['observedOn']);
    const actionOfB = expectStatus<Improvement>(
      await world.call('trainerB', 'POST', IMPROVEMENTS, {
        origin: 'watch',
        title: 'Action de B',
        description: 'Interne à B',
      }),
      200,
    );
    expect(
      fieldsOf(await world.call('trainerA', 'POST', WATCH, entry({ improvementId: actionOfB.id }))),
    ).toEqual(['improvementId']);

    const legal = expectStatus<WatchEntry>(await world.call('trainerA', 'POST', WATCH, entry()), 200);
    expectStatus(
      await world.call(
        'trainerA',
        'POST',
        WATCH,
        entry({ indicator: 25, source: 'Salon Learning Technologies' }),
      ),
      200,
    );
    const only23 = expectStatus<{ items: WatchEntry[] }>(
      await world.call('trainerA', 'GET', `${WATCH}?indicator=23`),
      200,
    );
    expect(only23.items.map((item) => item.id)).toEqual([legal.id]);
    const edited = expectStatus<WatchEntry>(
      await world.call('trainerA', 'PUT', `${WATCH}/${legal.id}`, entry({ indicator: 24 })),
      200,
    );
    expect(edited.indicator).toBe(24);
    expect((await world.call('trainerB', 'PUT', `${WATCH}/${legal.id}`, entry())).statusCode).toBe(404);
    expect(expectStatus<{ total: number }>(await world.call('trainerB', 'GET', WATCH), 200).total).toBe(0);
  });
});

describe("the registers' evidence for the compliance module", () => {
  it('sums up each register and exports it as Excel CSVs, inside the caller’s transaction', async () => {
    const registers = world.testApp.modules.registers.service;
    const organizationId = world.users.trainerA.organizationId!;
    const [evidence, files] = await world.testApp.database.withTenant(
      tenantOf(trainerA),
      async (tx) =>
        [
          await registers.evidenceOf(tx, organizationId),
          await registers.exportFiles(tx, organizationId),
        ] as const,
    );
    expect(evidence.complaints.total).toBeGreaterThanOrEqual(4);
    expect(evidence.complaints.answered).toBe(1);
    expect(evidence.complaints.averageResponseDays).toBe(7);
    expect(evidence.complaints.lastReceivedAt).toBe('2026-03-05');
    expect(evidence.improvements).toMatchObject({ closed: 1 });
    expect(evidence.watch[24]).toEqual({ entries: 1, lastEntryAt: '2026-03-02' });
    expect(evidence.watch[25].entries).toBe(1);
    expect(evidence.watch[23].entries).toBe(0);

    expect(files.map((file) => [file.indicator, file.fileName])).toEqual([
      [31, '31-registre-reclamations-difficultes.csv'],
      [32, '32-actions-amelioration.csv'],
      [23, '23-veille-legale-reglementaire.csv'],
      [24, '24-veille-emplois-metiers-competences.csv'],
      [25, '25-veille-innovations-pedagogiques-technologiques.csv'],
    ]);
    const complaints = files[0]!.content;
    expect(complaints.startsWith('\uFEFFReçue le;Nature;')).toBe(true);
    expect(complaints).toContain('05/03/2026;Réclamation;E-mail;Salle trop froide');
    expect(files[3]!.content).toContain('02/03/2026;Journal officiel;');
    // Another organisation's registers are not in A's files.
    expect(files[1]!.content).not.toContain('Action de B');
  });
});
