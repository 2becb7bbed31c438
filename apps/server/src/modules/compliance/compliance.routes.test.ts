import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AUDIT_PACK_ENTRIES_HEADER,
  type ComplianceReport,
  type IndicatorReport,
  type StoredFile,
  type UploadedEvidence,
} from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { lastMailLink, ORIGIN, unzip } from '../../../test/helper.ts';
import { drawSignaturePng } from '../attendance/demo-signature.ts';

let world: CoursesWorld;
let dataDir: string;

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x20), Buffer.from('\n%%EOF\n')]);
const NOW = new Date('2026-03-10T10:00:00Z');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-compliance-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir }, { now: () => NOW });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const report = async (person: Person = 'trainerA') =>
  expectStatus<ComplianceReport>(await world.call(person, 'GET', '/api/trainer/compliance'), 200);
const indicatorOf = (value: ComplianceReport, number: number) =>
  value.indicators.find((indicator) => indicator.number === number) as IndicatorReport;

function uploadRecord(person: Person, file: Buffer) {
  const boundary = '----cursus-compliance';
  return world.testApp.app.inject({
    method: 'POST',
    url: '/api/files?purpose=record',
    headers: {
      ...ORIGIN,
      cookie: world.users[person].cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="procedure.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('the indicators of an organisation', () => {
  it('applies the 22 common indicators and 8 to a training organisation, and starts it with nothing evidenced', async () => {
    const value = await report();
    expect(value.profile).toEqual({ actionCategories: ['training'], certifying: false, workLinked: false });
    expect(value.indicators).toHaveLength(32);
    expect(value.indicators.filter((indicator) => indicator.isApplicable)).toHaveLength(23);
    expect(indicatorOf(value, 14).status).toBe('notApplicable');
    expect(indicatorOf(value, 1).status).toBe('missing');
    // Its one trainer has no CV yet: the practice begun, not proven.
    expect(indicatorOf(value, 21)).toMatchObject({
      status: 'partial',
      automatic: [{ source: 'trainerCvs', count: 0, total: 1 }],
    });
    expect(value.readiness).toMatchObject({
      applicable: 23,
      evidenced: 0,
      partial: 1,
      missing: 22,
      percent: 2,
    });
  });

  it("links the platform's records: complete programme sheets, convocations sent", async () => {
    const { db } = world.testApp.database;
    const organizationId = world.users.trainerA.organizationId!;
    await db.execute(sql`insert into courses (organization_id, title, status, objectives, prerequisites,
        duration_hours, modality, price_cents, teaching_methods, assessment_methods, accessibility)
      values (${organizationId}, 'Excel avancé', 'published', 'Maîtriser les tableaux croisés', 'Excel de base',
        14, 'distance', 90000, 'Classe virtuelle', 'Quiz final', 'Référent handicap joignable'),
        (${organizationId}, 'Word', 'published', 'Mettre en page', '', null, 'distance', null, '', '', '')`);
    const value = await report();
    expect(indicatorOf(value, 1)).toMatchObject({
      status: 'partial',
      automatic: [
        {
          source: 'programmeSheets',
          count: 1,
          total: 2,
          isMet: false,
          gaps: [
            {
              label: 'Word',
              missing: [
                'prerequisites',
                'duration',
                'price',
                'teachingMethods',
                'assessmentMethods',
                'accessibility',
              ],
            },
          ],
        },
      ],
    });

    await db.execute(sql`update courses set prerequisites = 'Aucun', duration_hours = 7, price_cents = 40000,
      teaching_methods = 'Exercices', assessment_methods = 'Quiz', accessibility = 'Adaptations possibles'
      where title = 'Word'`);
    const [session] = (
      (await db.execute(sql`insert into group_sessions (organization_id, title, meeting_date, duration_minutes)
        values (${organizationId}, 'Lancement', '2026-03-01T09:00:00Z', 120) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    await db.execute(sql`insert into group_session_participants (organization_id, session_id, student_id)
      values (${organizationId}, ${session!.id}, ${world.users.studentA1.id})`);
    const after = await report();
    expect(indicatorOf(after, 1).status).toBe('evidenced');
    expect(indicatorOf(after, 9)).toMatchObject({
      status: 'evidenced',
      automatic: [{ source: 'convocations', count: 1, isMet: true }],
    });
    // Another organisation's records are not theirs.
    const other = await report('trainerB');
    expect(indicatorOf(other, 1).status).toBe('missing');
    expect(indicatorOf(other, 9).status).toBe('missing');
  });

  it("counts a learner's question answered once someone else replied, not on their own follow-up", async () => {
    const { db } = world.testApp.database;
    const organizationId = world.users.trainerA.organizationId!;
    const learner = world.users.studentA1.id;
    const { rows } =
      (await db.execute(sql`insert into student_questions (organization_id, student_id, subject, message)
      values (${organizationId}, ${learner}, 'Accès au module 2', 'Le module 2 reste verrouillé.'),
        (${organizationId}, ${learner}, 'Attestation', 'Où trouver mon attestation ?')
      returning id`)) as unknown as { rows: { id: string }[] };
    const [followedUp, answered] = rows.map((row) => row.id);
    await db.execute(sql`insert into question_replies (organization_id, question_id, message, responder_id, created_at)
      values (${organizationId}, ${followedUp}, 'Toujours verrouillé ce matin.', ${learner}, '2026-03-02T08:00:00Z'),
        (${organizationId}, ${answered}, 'Dans Mes documents.', ${world.users.trainerA.id}, '2026-03-01T10:00:00Z')`);
    const exchanges = indicatorOf(await report(), 10).automatic.find((entry) => entry.source === 'exchanges');
    // The last exchange is the trainer's answer, not the later follow-up.
    expect(exchanges).toMatchObject({ count: 1, total: 2, lastAt: '2026-03-01T10:00:00.000Z' });
    await db.execute(sql`delete from student_questions where id in (${followedUp}, ${answered})`);
  });

  it("reads the registers' figures for indicators 23 and 31", async () => {
    const { db } = world.testApp.database;
    const organizationId = world.users.trainerA.organizationId!;
    await db.execute(sql`insert into watch_entries (organization_id, indicator, observed_on, source, summary, impact)
      values (${organizationId}, 23, '2026-02-01', 'Légifrance', 'Décret qualité', 'Procédure revue')`);
    await db.execute(sql`insert into complaints (organization_id, kind, source, received_on, subject, description)
      values (${organizationId}, 'complaint', 'email', '2026-02-15', 'Retard', 'Convocation reçue tard')`);
    const value = await report();
    expect(indicatorOf(value, 23)).toMatchObject({
      status: 'evidenced',
      automatic: [{ source: 'watch', count: 1, lastAt: '2026-02-01T00:00:00.000Z' }],
    });
    expect(indicatorOf(value, 31)).toMatchObject({
      status: 'partial',
      automatic: [{ source: 'complaints', count: 0, total: 1 }],
    });
  });

  it('refuses learners and visitors', async () => {
    expect((await world.call('studentA1', 'GET', '/api/trainer/compliance')).statusCode).toBe(403);
    expect((await world.call(null, 'GET', '/api/trainer/compliance')).statusCode).toBe(401);
  });
});

describe("the organisation's profile", () => {
  it('decides which indicators apply, for its own organisation only', async () => {
    const saved = expectStatus(
      await world.call('trainerA', 'PUT', '/api/trainer/compliance/profile', {
        actionCategories: ['apprenticeship', 'training'],
        certifying: true,
        workLinked: false,
      }),
      200,
    );
    expect(saved).toEqual({
      actionCategories: ['training', 'apprenticeship'],
      certifying: true,
      workLinked: false,
    });
    const value = await report();
    expect(value.indicators.filter((indicator) => indicator.isApplicable)).toHaveLength(32);
    expect((await report('trainerB')).profile).toEqual({
      actionCategories: ['training'],
      certifying: false,
      workLinked: false,
    });

    await world.call('trainerA', 'PUT', '/api/trainer/compliance/profile', {
      actionCategories: ['training'],
      certifying: false,
      workLinked: true,
    });
    expect((await report()).indicators.filter((indicator) => indicator.isApplicable)).toHaveLength(25);
    await world.call('trainerA', 'PUT', '/api/trainer/compliance/profile', {
      actionCategories: ['training'],
      certifying: false,
      workLinked: false,
    });
    expect((await report()).indicators.filter((indicator) => indicator.isApplicable)).toHaveLength(23);
  });

  it('names the field of a bad profile, and refuses learners', async () => {
    const response = await world.call('trainerA', 'PUT', '/api/trainer/compliance/profile', {
      actionCategories: [],
      certifying: false,
      workLinked: false,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('actionCategories');
    const learner = await world.call('studentA1', 'PUT', '/api/trainer/compliance/profile', {
      actionCategories: ['vae'],
      certifying: false,
      workLinked: false,
    });
    expect(learner.statusCode).toBe(403);
  });
});

describe('uploaded evidence', () => {
  let evidence: UploadedEvidence;

  it('records an uploaded file as evidence of an indicator, which makes it evidenced', async () => {
    const stored = expectStatus<StoredFile>(await uploadRecord('trainerA', PDF), 200);
    evidence = expectStatus<UploadedEvidence>(
      await world.call('trainerA', 'POST', '/api/trainer/compliance/evidence', {
        indicator: 26,
        fileId: stored.id,
        title: 'Désignation du référent handicap',
        provenOn: '2026-01-05',
      }),
      200,
    );
    expect(evidence).toMatchObject({ indicator: 26, provenOn: '2026-01-05', file: { id: stored.id } });
    const indicator = indicatorOf(await report(), 26);
    expect(indicator.status).toBe('evidenced');
    expect(indicator.uploads.map((upload) => upload.id)).toEqual([evidence.id]);
  });

  it("keeps evidence from learners and from other organisations' staff", async () => {
    expect((await world.call('studentA1', 'GET', evidence.file.url)).statusCode).toBe(404);
    expect((await world.call('trainerA', 'GET', evidence.file.url)).statusCode).toBe(200);
    const recorded = await world.call('trainerB', 'POST', '/api/trainer/compliance/evidence', {
      indicator: 26,
      fileId: evidence.file.id,
      title: 'Copie',
      provenOn: '2026-01-05',
    });
    expect(recorded.statusCode).toBe(404);
    const deleted = await world.call('trainerB', 'DELETE', `/api/trainer/compliance/evidence/${evidence.id}`);
    expect(deleted.statusCode).toBe(404);
  });

  it('refuses an indicator out of the framework and a malformed date, naming the field', async () => {
    for (const [field, body] of [
      ['indicator', { indicator: 33, fileId: evidence.file.id, title: 'X', provenOn: '2026-01-05' }],
      ['provenOn', { indicator: 26, fileId: evidence.file.id, title: 'X', provenOn: '05/01/2026' }],
    ] as const) {
      const response = await world.call('trainerA', 'POST', '/api/trainer/compliance/evidence', body);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });

  it('puts the evidence, the summaries and the CSVs in the audit pack, by indicator', async () => {
    // A morning session going on now (09:00 to 13:00 in Paris), signed by one learner through the
    // link the server emailed.
    const session = expectStatus<{ id: string }>(
      await world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
        title: 'Gestes et postures',
        meetingDate: '2026-03-10T09:00:00+01:00',
        durationMinutes: 240,
        location: 'Salle 2',
        studentIds: [world.users.studentA1.id],
      }),
      200,
    );
    const sheet = expectStatus<{ slots: { id: string }[] }>(
      await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${session.id}/attendance`),
      200,
    );
    expectStatus(
      await world.call('trainerA', 'POST', `/api/trainer/attendance/slots/${sheet.slots[0]!.id}/links`),
      200,
    );
    const link = await lastMailLink(world.testApp.database, 'lea@org-a.example', '/sign/');
    const token = link.slice(link.indexOf('/sign/') + '/sign/'.length);
    expectStatus(
      await world.call(null, 'POST', `/api/attendance/sign/${token}`, { signature: drawSignaturePng(1) }),
      200,
    );

    const response = await world.call('trainerA', 'GET', '/api/trainer/compliance/audit-pack');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const entries = await unzip(response.rawPayload);
    expect(Number(response.headers[AUDIT_PACK_ENTRIES_HEADER])).toBe(entries.size);
    const names = [...entries.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        '00-synthese.pdf',
        '00-synthese.csv',
        '01-information-sur-les-prestations/indicateur-01.pdf',
        '01-information-sur-les-prestations/preuves.csv',
        '01-information-sur-les-prestations/fiches-programme.csv',
        '09-conditions-de-deroulement/indicateur-09.pdf',
        '26-accueil-des-personnes-en-situation-de-handicap/fichiers/2026-01-05-designation-du-referent-handicap.pdf',
        '31-traitement-des-difficultes-et-reclamations/indicateur-31.pdf',
      ]),
    );
    // The signed sheet, as the attendance module draws it, in indicator 12's folder.
    const attendanceSheets = names.filter((name) => name.startsWith('12-') && name.includes('/emargements/'));
    expect(attendanceSheets).toEqual([
      expect.stringMatching(/^12-[a-z-]+\/emargements\/2026-03-10-gestes-et-postures\.pdf$/),
    ]);
    expect(entries.get(attendanceSheets[0]!)!.subarray(0, 5).toString()).toBe('%PDF-');
    const otherPack = await unzip(
      (await world.call('trainerB', 'GET', '/api/trainer/compliance/audit-pack')).rawPayload,
    );
    expect([...otherPack.keys()].filter((name) => name.includes('/emargements/'))).toEqual([]);
    // A folder per applicable indicator, none for those that do not apply.
    const folders = new Set(names.filter((name) => name.includes('/')).map((name) => name.split('/')[0]));
    expect(folders.size).toBe(23);
    expect(names.some((name) => name.startsWith('14-'))).toBe(false);
    expect(
      names.some((name) => name.startsWith('23-') && name.endsWith('.csv') && !name.endsWith('preuves.csv')),
    ).toBe(true);
    expect(entries.get('00-synthese.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      entries.get(
        '26-accueil-des-personnes-en-situation-de-handicap/fichiers/2026-01-05-designation-du-referent-handicap.pdf',
      ),
    ).toEqual(PDF);
    const summary = entries.get('00-synthese.csv')!.toString('utf8');
    expect(summary.startsWith('\uFEFFIndicateur;Critère;Intitulé;Statut')).toBe(true);
    expect(summary).toContain('26;6;Accueil des personnes en situation de handicap;Prouvé');
  });

  it('refuses the audit pack to learners', async () => {
    expect((await world.call('studentA1', 'GET', '/api/trainer/compliance/audit-pack')).statusCode).toBe(403);
  });

  it('deletes evidence, which leaves the indicator missing again', async () => {
    expectStatus(
      await world.call('trainerA', 'DELETE', `/api/trainer/compliance/evidence/${evidence.id}`),
      200,
    );
    expect(indicatorOf(await report(), 26)).toMatchObject({ status: 'missing', uploads: [] });
    const again = await world.call('trainerA', 'DELETE', `/api/trainer/compliance/evidence/${evidence.id}`);
    expect(again.statusCode).toBe(404);
  });
});
