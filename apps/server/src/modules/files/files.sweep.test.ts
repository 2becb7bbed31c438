import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CourseDetail, fileUrl, type StoredFile } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';
import { storedFiles } from './files.tables.ts';
import { ORPHAN_FILE_GRACE_MS, ORPHAN_SWEEP_JOB, type SweepResult } from './sweep-orphan-files.ts';

const HOUR_MS = 60 * 60 * 1000;
let world: CoursesWorld;
let dataDir: string;
let clock = new Date();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-file-sweep-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir }, { now: () => clock });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

async function upload(purpose: 'document' | 'image', file: Buffer): Promise<StoredFile> {
  const boundary = '----cursus-sweep-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await world.testApp.app.inject({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    headers: {
      ...ORIGIN,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: world.users.trainerA.cookie,
    },
    payload: body,
  });
  return expectStatus(response, 200);
}

const folder = () => path.join(dataDir, 'files', world.users.trainerA.organizationId!);
const objectOf = (fileId: string) => path.join(folder(), fileId);
async function hasRow(fileId: string) {
  const rows = await world.testApp.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  return rows.length === 1;
}
/** A file on disk as a crash would leave it, last written `ageMs` before the clock. */
function strayObject(name: string, ageMs: number) {
  const file = path.join(folder(), name);
  writeFileSync(file, 'left behind');
  const at = new Date(clock.getTime() - ageMs);
  utimesSync(file, at, at);
  return file;
}
const runSweep = () => {
  const job = world.testApp.modules.files.jobs.find((candidate) => candidate.name === ORPHAN_SWEEP_JOB)!;
  return job.run(clock) as Promise<SweepResult>;
};

describe('orphaned files sweep', () => {
  let lessonDocument: StoredFile;
  let textImage: StoredFile;
  let neverUsed: StoredFile;
  let replaced: StoredFile;
  let ofDeletedLesson: StoredFile;
  let recent: StoredFile;

  beforeAll(async () => {
    lessonDocument = await upload('document', PDF);
    textImage = await upload('image', PNG);
    neverUsed = await upload('document', PDF);
    replaced = await upload('document', PDF);
    ofDeletedLesson = await upload('document', PDF);
    const course = expectStatus<CourseDetail>(
      await world.call('trainerA', 'POST', '/api/courses', { title: 'Avec fichiers' }),
      200,
    );
    const module = expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules`, { title: 'M' }),
      200,
    );
    const lessons = `/api/courses/${course.id}/modules/${module.id}/lessons`;
    const addLesson = async (content: object) =>
      expectStatus(await world.call('trainerA', 'POST', lessons, { title: 'L', content }), 200).id as string;
    await addLesson({ type: 'document', fileId: lessonDocument.id });
    await addLesson({ type: 'text', html: `<p>Schéma :</p><img src="${fileUrl(textImage.id)}" alt="">` });
    const edited = await addLesson({ type: 'document', fileId: replaced.id });
    expectStatus(
      await world.call('trainerA', 'PATCH', `/api/courses/${course.id}/lessons/${edited}`, {
        content: { type: 'document', fileId: lessonDocument.id },
      }),
      200,
    );
    const deleted = await addLesson({ type: 'document', fileId: ofDeletedLesson.id });
    expectStatus(await world.call('trainerA', 'DELETE', `/api/courses/${course.id}/lessons/${deleted}`), 200);

    // A day and an hour later, one more upload nobody uses yet.
    clock = new Date(clock.getTime() + ORPHAN_FILE_GRACE_MS + HOUR_MS);
    recent = await upload('document', PDF);
  });

  it('removes the rows and objects of files no lesson uses past the grace period, and keeps the others', async () => {
    const result = await runSweep();

    for (const orphan of [neverUsed, replaced, ofDeletedLesson]) {
      expect(await hasRow(orphan.id), orphan.id).toBe(false);
      expect(existsSync(objectOf(orphan.id)), orphan.id).toBe(false);
      const download = await world.call('trainerA', 'GET', fileUrl(orphan.id));
      expect(download.statusCode).toBe(404);
    }
    for (const kept of [lessonDocument, textImage, recent]) {
      expect(await hasRow(kept.id), kept.id).toBe(true);
      expect(existsSync(objectOf(kept.id)), kept.id).toBe(true);
    }
    expect(result).toMatchObject({ removedFiles: 3, missingFileIds: [] });
    expect((await world.call('trainerA', 'GET', fileUrl(textImage.id))).statusCode).toBe(200);
  });

  it('removes objects and unfinished writes no row describes, once past the grace period', async () => {
    const oldObject = strayObject(randomUUID(), ORPHAN_FILE_GRACE_MS + HOUR_MS);
    const oldPartial = strayObject(`${randomUUID()}.partial`, ORPHAN_FILE_GRACE_MS + HOUR_MS);
    // An upload still being written, or written but not recorded yet: recent, so kept.
    const recentPartial = strayObject(`${randomUUID()}.partial`, HOUR_MS);
    const recentObject = strayObject(randomUUID(), HOUR_MS);
    // Not a name the storage writes: not the sweep's to judge.
    const foreign = strayObject('README.txt', ORPHAN_FILE_GRACE_MS + HOUR_MS);

    const result = await runSweep();

    expect(existsSync(oldObject)).toBe(false);
    expect(existsSync(oldPartial)).toBe(false);
    expect(existsSync(recentPartial)).toBe(true);
    expect(existsSync(recentObject)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
    expect(result).toMatchObject({ removedFiles: 0, removedObjects: 2 });
  });

  it('reports a file in use whose object is missing, and keeps its row for the lesson', async () => {
    rmSync(objectOf(lessonDocument.id));
    const result = await runSweep();
    expect(result.missingFileIds).toEqual([lessonDocument.id]);
    expect(await hasRow(lessonDocument.id)).toBe(true);
  });

  it('runs on the scheduler', async () => {
    const orphan = await upload('document', PDF);
    await world.testApp.scheduler.tick();
    expect(await hasRow(orphan.id)).toBe(true);
    clock = new Date(clock.getTime() + ORPHAN_FILE_GRACE_MS + HOUR_MS);
    await world.testApp.scheduler.tick();
    expect(await hasRow(orphan.id)).toBe(false);
    expect(existsSync(objectOf(orphan.id))).toBe(false);
  });
});
