import { createRequire } from 'node:module';
import path from 'node:path';
import type { Document, DocumentList, LearnerDocuments, StoredFile } from '@cursus/contracts';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';

let world: CoursesWorld;
let courseId: string;
let sessionId: string;
let pdfBytes: Buffer;

const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(80, 1),
]);
const errorCode = (response: { json(): { error: { code: string } } }) => response.json().error.code;

function multipart(file: Buffer, fileName: string) {
  const boundary = '----cursus-documents-boundary';
  return {
    boundary,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

function uploadResponse(person: Person, file: Buffer, purpose = 'record', fileName = 'document.pdf') {
  const { boundary, body } = multipart(file, fileName);
  return world.testApp.app.inject({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    headers: {
      ...ORIGIN,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: world.users[person].cookie,
    },
    payload: body,
  });
}

async function upload(person: Person = 'trainerA', file = pdfBytes, purpose = 'record'): Promise<StoredFile> {
  return expectStatus(await uploadResponse(person, file, purpose), 200);
}

async function createDocument(body: Record<string, unknown>, person: Person = 'trainerA'): Promise<Document> {
  const file = await upload(person);
  return expectStatus(
    await world.call(person, 'POST', '/api/trainer/documents', { ...body, fileId: file.id }),
    200,
  );
}

function get(person: Person, url: string) {
  return world.testApp.app.inject({ method: 'GET', url, headers: { cookie: world.users[person].cookie } });
}

async function pdfText(person: Person, url: string): Promise<string> {
  const response = await get(person, url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const document = await getDocument({
    data: new Uint8Array(response.rawPayload),
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  await document.destroy();
  return text.replace(/\s+/g, ' ');
}

let rules: Document;
let programme: Document;
let template: Document;
let convention: Document;

beforeAll(async () => {
  world = await createCoursesWorld();
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdfBytes = Buffer.from(await pdf.save());
  courseId = expectStatus(
    await world.call('trainerA', 'POST', '/api/courses', {
      title: 'Excel : les bases',
      objectives: 'Construire un tableau croisé dynamique',
    }),
    200,
  ).id;
  expectStatus(
    await world.call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    }),
    200,
  );
  sessionId = expectStatus(
    await world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
      title: 'Atelier Excel',
      meetingDate: '2026-12-01T09:00:00+01:00',
      durationMinutes: 180,
      location: 'Salle Lumière, Lyon',
      courseId,
      studentIds: [world.users.studentA1.id],
    }),
    200,
  ).id;
  // Opening the sheet writes its slot and its learners' rows.
  expectStatus(
    await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${sessionId}/attendance`),
    200,
  );
  rules = await createDocument({
    title: 'Règlement intérieur',
    category: 'internal_rules',
    visibility: 'organization',
  });
  programme = await createDocument({
    title: 'Programme Excel',
    category: 'programme',
    visibility: 'course',
    courseId,
  });
  template = await createDocument({ title: 'Modèle de devis', category: 'template', visibility: 'staff' });
  convention = await createDocument({
    title: 'Convention signée',
    category: 'convention',
    visibility: 'learner',
    studentId: world.users.studentA1.id,
    courseId,
  });
});
afterAll(() => world.close());

describe('uploads for documents', () => {
  it('takes a PDF or a scanned image, judged by its bytes, and refuses anything else', async () => {
    expect((await upload('trainerA', PNG)).mimeType).toBe('image/png');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(120, ' '));
    const refused = await uploadResponse('trainerA', html, 'record', 'rules.pdf');
    expect(refused.statusCode).toBe(415);
    expect(errorCode(refused)).toBe('UNSUPPORTED_FORMAT');
    const tooLarge = await uploadResponse(
      'trainerA',
      Buffer.concat([pdfBytes, Buffer.alloc(21 * 1024 * 1024)]),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(errorCode(tooLarge)).toBe('FILE_TOO_LARGE');
  });

  it('records only a file uploaded for documents, once, and names a missing field', async () => {
    const lessonPdf = await upload('trainerA', pdfBytes, 'document');
    const wrongPurpose = await world.call('trainerA', 'POST', '/api/trainer/documents', {
      title: 'CGV',
      category: 'terms',
      visibility: 'organization',
      fileId: lessonPdf.id,
    });
    expect(errorCode(wrongPurpose)).toBe('UNSUPPORTED_FORMAT');
    const reused = await world.call('trainerA', 'POST', '/api/trainer/documents', {
      title: 'CGV',
      category: 'terms',
      visibility: 'organization',
      fileId: (await world.call('trainerA', 'GET', `/api/trainer/documents/${rules.id}/versions`))
        .json()
        .items[0].fileUrl.split('/')
        .pop(),
    });
    expect(reused.statusCode).toBe(409);
    const file = await upload();
    const missingCourse = await world.call('trainerA', 'POST', '/api/trainer/documents', {
      title: 'Programme',
      category: 'programme',
      visibility: 'course',
      fileId: file.id,
    });
    expect(missingCourse.statusCode).toBe(400);
    expect(missingCourse.json().error.details.fields[0].path).toBe('courseId');
  });
});

describe('organisation documents', () => {
  it('lists the organisation’s documents with search, category filter and pages, not the learners’ own', async () => {
    const all = expectStatus<DocumentList>(
      await world.call('trainerA', 'GET', '/api/trainer/documents'),
      200,
    );
    expect(all.items.map((item) => item.title).sort()).toEqual(
      ['Modèle de devis', 'Programme Excel', 'Règlement intérieur'].sort(),
    );
    expect(all.items.find((item) => item.id === programme.id)).toMatchObject({
      courseTitle: 'Excel : les bases',
      version: 1,
      mimeType: 'application/pdf',
    });
    const search = expectStatus<DocumentList>(
      await world.call('trainerA', 'GET', '/api/trainer/documents?search=r%C3%A8glement'),
      200,
    );
    expect(search.items.map((item) => item.id)).toEqual([rules.id]);
    const category = expectStatus<DocumentList>(
      await world.call('trainerA', 'GET', '/api/trainer/documents?category=template'),
      200,
    );
    expect(category.items.map((item) => item.id)).toEqual([template.id]);
    const page = expectStatus<DocumentList>(
      await world.call('trainerA', 'GET', '/api/trainer/documents?pageSize=2&page=2'),
      200,
    );
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.items).toHaveLength(1);
  });

  it('replaces a document with a new version: readers get the new file, staff keep the history', async () => {
    const document = await createDocument({ title: 'CGV', category: 'terms', visibility: 'organization' });
    const next = await upload();
    const replaced = expectStatus<Document>(
      await world.call('trainerA', 'POST', `/api/trainer/documents/${document.id}/versions`, {
        fileId: next.id,
      }),
      200,
    );
    expect(replaced.version).toBe(2);
    expect(replaced.fileUrl).toBe(next.url);
    const versions = expectStatus(
      await world.call('trainerA', 'GET', `/api/trainer/documents/${document.id}/versions`),
      200,
    );
    expect(versions.items.map((item: { version: number }) => item.version)).toEqual([2, 1]);
    expect((await get('studentA1', next.url)).statusCode).toBe(200);
    expect((await get('studentA1', document.fileUrl)).statusCode).toBe(404);
    expect((await get('trainerA', document.fileUrl)).statusCode).toBe(200);

    const edited = expectStatus<Document>(
      await world.call('trainerA', 'PUT', `/api/trainer/documents/${document.id}`, {
        title: 'Conditions générales de vente',
        category: 'terms',
        visibility: 'staff',
      }),
      200,
    );
    expect(edited).toMatchObject({ title: 'Conditions générales de vente', visibility: 'staff', version: 2 });
    expect((await get('studentA1', next.url)).statusCode).toBe(404);

    expectStatus(await world.call('trainerA', 'DELETE', `/api/trainer/documents/${document.id}`), 200);
    expect(
      (await world.call('trainerA', 'GET', `/api/trainer/documents/${document.id}/versions`)).statusCode,
    ).toBe(404);
  });
});

describe('what each learner sees', () => {
  it('shows a learner what is shared with everyone, their formations and them, never the staff’s', async () => {
    const lea = expectStatus<LearnerDocuments>(
      await world.call('studentA1', 'GET', '/api/student/documents'),
      200,
    );
    expect(lea.shared.map((item) => item.id).sort()).toEqual([rules.id, programme.id].sort());
    expect(lea.enrolments).toHaveLength(1);
    expect(lea.enrolments[0]).toMatchObject({
      courseId,
      courseTitle: 'Excel : les bases',
      convocationUrl: `/api/student/documents/convocations/${courseId}`,
    });
    expect(lea.enrolments[0]!.documents.map((item) => item.id)).toEqual([convention.id]);
    expect(lea.attendance).toEqual([
      expect.objectContaining({
        sessionId,
        sessionTitle: 'Atelier Excel',
        sheetUrl: `/api/student/documents/attendance/${sessionId}`,
      }),
    ]);

    const hugo = expectStatus<LearnerDocuments>(
      await world.call('studentA2', 'GET', '/api/student/documents'),
      200,
    );
    expect(hugo.shared.map((item) => item.id)).toEqual([rules.id]);
    expect(hugo.enrolments).toEqual([]);
    expect(hugo.attendance).toEqual([]);
  });

  it('serves a shared file with safe headers, and another’s as missing', async () => {
    const response = await get('studentA1', programme.fileUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    for (const url of [programme.fileUrl, convention.fileUrl, template.fileUrl])
      expect((await get('studentA2', url)).statusCode).toBe(404);
    expect((await get('studentA1', template.fileUrl)).statusCode).toBe(404);
  });

  it('generates the convocation from the formation and the learner’s sessions', async () => {
    const text = await pdfText('studentA1', `/api/student/documents/convocations/${courseId}`);
    expect(text).toContain('Convocation');
    expect(text).toContain('Excel : les bases');
    expect(text).toContain('Atelier Excel');
    expect(text).toContain('Salle Lumière, Lyon');
    expect(text).toContain('Programme Excel');
    const staffCopy = await pdfText(
      'trainerA',
      `/api/trainer/documents/learners/${world.users.studentA1.id}/convocations/${courseId}`,
    );
    expect(staffCopy).toContain('Excel : les bases');
    expect((await get('studentA2', `/api/student/documents/convocations/${courseId}`)).statusCode).toBe(404);
  });

  it('gives the learner their own lines of an attendance sheet, and nobody else’s', async () => {
    const text = await pdfText('studentA1', `/api/student/documents/attendance/${sessionId}`);
    expect(text).toContain('Relevé de présence');
    expect(text).toContain('Atelier Excel');
    expect((await get('studentA2', `/api/student/documents/attendance/${sessionId}`)).statusCode).toBe(404);
  });

  it('shows staff a learner’s documents, with the whole attendance sheet', async () => {
    const record = expectStatus<LearnerDocuments>(
      await world.call('trainerA', 'GET', `/api/trainer/documents/learners/${world.users.studentA1.id}`),
      200,
    );
    expect(record.enrolments[0]!.documents.map((item) => item.id)).toEqual([convention.id]);
    expect(record.attendance[0]!.sheetUrl).toBe(`/api/trainer/group-sessions/${sessionId}/attendance/pdf`);
  });
});

describe('another organisation', () => {
  it('keeps every document, file and learner record out of reach', async () => {
    const list = expectStatus<DocumentList>(
      await world.call('trainerB', 'GET', '/api/trainer/documents'),
      200,
    );
    expect(list.total).toBe(0);
    expect(
      (await world.call('trainerB', 'GET', `/api/trainer/documents/${rules.id}/versions`)).statusCode,
    ).toBe(404);
    expect(
      (
        await world.call('trainerB', 'PUT', `/api/trainer/documents/${rules.id}`, {
          title: 'x',
          category: 'other',
          visibility: 'staff',
        })
      ).statusCode,
    ).toBe(404);
    expect((await world.call('trainerB', 'DELETE', `/api/trainer/documents/${rules.id}`)).statusCode).toBe(
      404,
    );
    const stolen = await upload('trainerA');
    const claim = await world.call('trainerB', 'POST', '/api/trainer/documents', {
      title: 'x',
      category: 'other',
      visibility: 'staff',
      fileId: stolen.id,
    });
    expect(claim.statusCode).toBe(404);
    const foreignLearner = await world.call('trainerB', 'POST', '/api/trainer/documents', {
      title: 'x',
      category: 'convention',
      visibility: 'learner',
      studentId: world.users.studentA1.id,
      fileId: (await upload('trainerB')).id,
    });
    expect(errorCode(foreignLearner)).toBe('USER_NOT_FOUND');
    expect(
      (await world.call('trainerB', 'GET', `/api/trainer/documents/learners/${world.users.studentA1.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          'trainerB',
          `/api/trainer/documents/learners/${world.users.studentA1.id}/convocations/${courseId}`,
        )
      ).statusCode,
    ).toBe(404);
    const ines = expectStatus<LearnerDocuments>(
      await world.call('studentB', 'GET', '/api/student/documents'),
      200,
    );
    expect(ines.shared).toEqual([]);
    expect((await get('studentB', rules.fileUrl)).statusCode).toBe(404);
  });

  it('refuses learners the staff routes', async () => {
    expect((await world.call('studentA1', 'GET', '/api/trainer/documents')).statusCode).toBe(403);
    expect((await world.call('trainerA', 'GET', '/api/student/documents')).statusCode).toBe(403);
  });
});
