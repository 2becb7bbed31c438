import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  CourseDetail,
  Lesson,
  MarketplaceList,
  MarketplaceListing,
  MarketplacePreview,
} from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';
import { multipart, PDF } from '../../../test/route-access-world.ts';
import { marketplaceImports } from './marketplace.tables.ts';

let world: CoursesWorld;
let dataDir: string;
let courseId: string;
let lessonIds: { text: string; document: string };
let documentFileId: string;
let imageFileId: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);
const SHARE = {
  summary: 'Préparer l’habilitation électrique des non-électriciens.',
  category: 'safety',
  level: 'beginner',
  language: 'fr',
  durationMinutes: 420,
} as const;

async function upload(person: Person, purpose: string, file: Buffer, fileName: string) {
  const { body, contentType } = multipart(file, fileName);
  const response = await world.testApp.app.inject({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    headers: { ...ORIGIN, 'content-type': contentType, cookie: world.users[person].cookie },
    payload: body,
  });
  return expectStatus<{ id: string }>(response, 200).id;
}

const call = (...args: Parameters<CoursesWorld['call']>) => world.call(...args);
const list = async (person: Person, query = '') =>
  expectStatus<MarketplaceList>(await call(person, 'GET', `/api/marketplace/listings${query}`), 200);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-marketplace-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
  courseId = expectStatus(
    await call('trainerA', 'POST', '/api/courses', {
      title: 'Habilitation électrique B0',
      description: 'Les risques électriques au quotidien.',
    }),
    200,
  ).id;
  const moduleId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title: 'Les dangers' }),
    200,
  ).id;
  imageFileId = await upload('trainerA', 'image', PNG, 'schema.png');
  documentFileId = await upload('trainerA', 'document', PDF, 'consignes.pdf');
  const lesson = (title: string, content: object) =>
    call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, { title, content });
  lessonIds = {
    text: expectStatus(
      await lesson('Le courant électrique', {
        type: 'text',
        html: `<p>Tension et intensité.</p><img src="/api/files/${imageFileId}" alt="schéma">`,
      }),
      200,
    ).id,
    document: expectStatus(
      await lesson('Consignes écrites', { type: 'document', fileId: documentFileId }),
      200,
    ).id,
  };
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('marketplace', () => {
  let listing: MarketplaceListing;

  it('keeps students out, and the catalogue to trainers', async () => {
    expect(expectStatus(await call('studentA1', 'GET', '/api/marketplace/listings'), 403).error.code).toBe(
      'NOT_AUTHORIZED',
    );
    expect(
      expectStatus(await call('studentA1', 'POST', '/api/marketplace/listings', { ...SHARE, courseId }), 403)
        .error.code,
    ).toBe('NOT_AUTHORIZED');
  });

  it('lets only the formation’s organisation share it, never an empty one or as the platform', async () => {
    const foreign = await call('trainerB', 'POST', '/api/marketplace/listings', { ...SHARE, courseId });
    expect(expectStatus(foreign, 404).error.code).toBe('TRAINING_NOT_FOUND');
    const asPlatform = await call('trainerA', 'POST', '/api/marketplace/listings', {
      ...SHARE,
      courseId,
      asPlatform: true,
    });
    expect(expectStatus(asPlatform, 403).error.code).toBe('NOT_AUTHORIZED');
    const emptyId = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Vide' }), 200).id;
    const empty = expectStatus(
      await call('trainerA', 'POST', '/api/marketplace/listings', { ...SHARE, courseId: emptyId }),
      400,
    );
    expect(empty.error.details.fields).toEqual([{ path: 'courseId', message: 'EMPTY_FORMATION' }]);
    const invalid = expectStatus(
      await call('trainerA', 'POST', '/api/marketplace/listings', {
        ...SHARE,
        courseId,
        category: 'cooking',
      }),
      400,
    );
    expect(JSON.stringify(invalid.error.details)).toContain('category');
  });

  it('shares a snapshot every organisation’s staff can read, the formation itself only its own', async () => {
    listing = expectStatus(
      await call('trainerA', 'POST', '/api/marketplace/listings', { ...SHARE, courseId }),
      200,
    );
    expect(listing).toMatchObject({
      title: 'Habilitation électrique B0',
      publisher: 'organization',
      publisherName: 'Organisme A',
      moduleCount: 1,
      lessonCount: 2,
      canManage: true,
      sourceCourseId: courseId,
      importCount: 0,
    });
    const seenByB = (await list('trainerB')).items.find((item) => item.id === listing.id);
    expect(seenByB).toMatchObject({ canManage: false, sourceCourseId: null, publisherName: 'Organisme A' });
    expect((await list('trainerA', `?courseId=${courseId}`)).items.map((item) => item.id)).toEqual([
      listing.id,
    ]);
    // Another organisation cannot learn which formation a listing came from.
    expect((await list('trainerB', `?courseId=${courseId}`)).items).toEqual([]);

    // Edits after sharing stay private until the formation is shared again.
    expectStatus(
      await call('trainerA', 'PATCH', `/api/courses/${courseId}/lessons/${lessonIds.text}`, {
        title: 'Brouillon privé',
      }),
      200,
    );
    const preview = expectStatus<MarketplacePreview>(
      await call('trainerB', 'GET', `/api/marketplace/listings/${listing.id}`),
      200,
    );
    expect(preview.modules).toEqual([
      {
        title: 'Les dangers',
        lessons: [
          { title: 'Le courant électrique', type: 'text', estimatedMinutes: 10 },
          { title: 'Consignes écrites', type: 'document', estimatedMinutes: 10 },
        ],
      },
    ]);
    expect(preview.description).toBe('Les risques électriques au quotidien.');
    // The first lesson as a sample, without the publisher's images, which nobody else may read.
    expect(preview.firstLesson).toEqual({
      title: 'Le courant électrique',
      html: '<p>Tension et intensité.</p>',
    });
    expect(JSON.stringify(preview)).not.toContain('Brouillon privé');
  });

  it('leaves the listing to its organisation: another one can neither unshare nor replace it', async () => {
    expect(
      expectStatus(await call('trainerB', 'DELETE', `/api/marketplace/listings/${listing.id}`), 404).error
        .code,
    ).toBe('NOT_FOUND');
    expect((await list('trainerA')).items.map((item) => item.id)).toContain(listing.id);
  });

  let copy: CourseDetail;
  it('imports an independent draft copy into the importer’s organisation, files included', async () => {
    const imported = expectStatus(
      await call('trainerB', 'POST', `/api/marketplace/listings/${listing.id}/import`),
      200,
    );
    expect(imported).toMatchObject({ title: 'Habilitation électrique B0', moduleCount: 1, lessonCount: 2 });
    copy = expectStatus<CourseDetail>(
      await call('trainerB', 'GET', `/api/courses/${imported.courseId}`),
      200,
    );
    expect(copy).toMatchObject({
      organizationId: world.users.trainerB.organizationId,
      status: 'draft',
      description: 'Les risques électriques au quotidien.',
    });
    expect(copy.modules[0]!.lessons.map((lesson) => lesson.title)).toEqual([
      'Le courant électrique',
      'Consignes écrites',
    ]);
    const [textLesson, documentLesson] = await Promise.all(
      copy.modules[0]!.lessons.map(
        async (lesson) =>
          expectStatus<Lesson>(
            await call('trainerB', 'GET', `/api/courses/${copy.id}/lessons/${lesson.id}`),
            200,
          ).content,
      ),
    );
    if (documentLesson?.type !== 'document' || textLesson?.type !== 'text')
      throw new Error('lesson types changed');
    // New stored files of B, with the same bytes; the text lesson's image names B's copy.
    expect(documentLesson.file.id).not.toBe(documentFileId);
    const download = await call('trainerB', 'GET', documentLesson.file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const imageId = /\/api\/files\/([0-9a-f-]{36})/.exec(textLesson.html)![1]!;
    expect(imageId).not.toBe(imageFileId);
    expect((await call('trainerB', 'GET', `/api/files/${imageId}`)).rawPayload.equals(PNG)).toBe(true);
    // Where it came from is recorded in B, and the listing counts the import.
    const records = await world.testApp.database.db
      .select()
      .from(marketplaceImports)
      .where(eq(marketplaceImports.courseId, copy.id));
    expect(records).toMatchObject([
      {
        organizationId: world.users.trainerB.organizationId,
        listingId: listing.id,
        importedBy: world.users.trainerB.id,
      },
    ]);
    expect((await list('trainerA')).items.find((item) => item.id === listing.id)?.importCount).toBe(1);
  });

  it('keeps the copy out of the publisher’s reach, and editing one never changes the other', async () => {
    expect(expectStatus(await call('trainerA', 'GET', `/api/courses/${copy.id}`), 404).error.code).toBe(
      'TRAINING_NOT_FOUND',
    );
    expect((await call('studentA1', 'GET', `/api/courses/${copy.id}`)).statusCode).toBeGreaterThanOrEqual(
      403,
    );
    expectStatus(await call('trainerB', 'PATCH', `/api/courses/${copy.id}`, { title: 'Notre version' }), 200);
    const original = expectStatus<CourseDetail>(
      await call('trainerA', 'GET', `/api/courses/${courseId}`),
      200,
    );
    expect(original.title).toBe('Habilitation électrique B0');
    expect(original.modules[0]!.lessons[0]!.title).toBe('Brouillon privé');
  });

  it('takes a new snapshot when shared again, and unshares it without touching the copies', async () => {
    const again = expectStatus<MarketplaceListing>(
      await call('trainerA', 'POST', '/api/marketplace/listings', {
        ...SHARE,
        courseId,
        level: 'intermediate',
      }),
      200,
    );
    expect(again).toMatchObject({ id: listing.id, level: 'intermediate', importCount: 1 });
    expect(readdirSync(path.join(dataDir, 'files', 'marketplace', listing.id)).sort()).toEqual(
      [documentFileId, imageFileId].sort(),
    );
    const preview = expectStatus<MarketplacePreview>(
      await call('trainerB', 'GET', `/api/marketplace/listings/${listing.id}`),
      200,
    );
    expect(preview.modules[0]!.lessons[0]!.title).toBe('Brouillon privé');

    expectStatus(await call('trainerA', 'DELETE', `/api/marketplace/listings/${listing.id}`), 200);
    expect((await list('trainerB')).items.map((item) => item.id)).not.toContain(listing.id);
    // The copies of its files go with it (the local storage may leave the empty folder).
    const folder = path.join(dataDir, 'files', 'marketplace', listing.id);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    expect(
      expectStatus(await call('trainerB', 'POST', `/api/marketplace/listings/${listing.id}/import`), 404)
        .error.code,
    ).toBe('NOT_FOUND');
    const kept = expectStatus<CourseDetail>(await call('trainerB', 'GET', `/api/courses/${copy.id}`), 200);
    expect(kept.lessonCount).toBe(2);
  });

  it('lets an admin publish a platform template, which no organisation may remove', async () => {
    const platform = expectStatus<MarketplaceListing>(
      await call('admin', 'POST', '/api/marketplace/listings', {
        ...SHARE,
        courseId,
        category: 'compliance',
        language: 'en',
        asPlatform: true,
      }),
      200,
    );
    expect(platform).toMatchObject({ publisher: 'platform', publisherName: null, canManage: true });
    expect(
      expectStatus(await call('trainerA', 'DELETE', `/api/marketplace/listings/${platform.id}`), 404).error
        .code,
    ).toBe('NOT_FOUND');
    // The formation's own organisation can no longer replace the platform's snapshot.
    expect(
      expectStatus(await call('trainerA', 'POST', '/api/marketplace/listings', { ...SHARE, courseId }), 409)
        .error.code,
    ).toBe('ALREADY_EXISTS');

    const filtered = await list(
      'trainerB',
      '?publisher=platform&language=en&category=compliance&search=électrique',
    );
    expect(filtered.items.map((item) => item.id)).toEqual([platform.id]);
    expect((await list('trainerB', '?language=fr')).items.map((item) => item.id)).not.toContain(platform.id);
    expect((await list('trainerB', '?search=introuvable')).total).toBe(0);
    expect(
      expectStatus(await call('admin', 'POST', `/api/marketplace/listings/${platform.id}/import`), 409).error
        .code,
    ).toBe('NO_ORGANIZATION');
  });
});
