import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CourseDetail, FILE_LIMITS, type StoredFile } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';
import { PERMISSIONS_POLICY } from '../../plugins/security.ts';

let world: CoursesWorld;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-files-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.alloc(4096, 7).map((_, index) => index % 251),
]);

function multipart(file: Buffer, fileName: string, contentType = 'application/octet-stream', field = 'file') {
  const boundary = '----cursus-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  person: Person | null,
  purpose: string,
  file: Buffer,
  fileName: string,
  options: { courseId?: string; field?: string; declared?: string } = {},
) {
  const { body, contentType } = multipart(file, fileName, options.declared, options.field);
  const query = new URLSearchParams({ purpose, ...(options.courseId ? { courseId: options.courseId } : {}) });
  return world.testApp.app.inject({
    method: 'POST',
    url: `/api/files?${query}`,
    headers: {
      ...ORIGIN,
      'content-type': contentType,
      ...(person ? { cookie: world.users[person].cookie } : {}),
    },
    payload: body,
  });
}

const download = (person: Person | null, fileId: string, headers: Record<string, string> = {}) =>
  world.testApp.app.inject({
    method: 'GET',
    url: `/api/files/${fileId}`,
    headers: { ...headers, ...(person ? { cookie: world.users[person].cookie } : {}) },
  });

describe('uploads', () => {
  it('stores a PDF, typed from its bytes, under the organisation', async () => {
    const stored = expectStatus<StoredFile>(
      await upload('trainerA', 'document', PDF, 'programme.pdf', { declared: 'text/html' }),
      200,
    );
    expect(stored).toMatchObject({
      name: 'programme.pdf',
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      purpose: 'document',
      url: `/api/files/${stored.id}`,
    });
    const folder = path.join(dataDir, 'files', world.users.trainerA.organizationId!);
    expect(readdirSync(folder)).toEqual([stored.id]);
  });

  it('refuses content that is not of the purpose’s formats, whatever its name (UNSUPPORTED_FORMAT)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(200, ' '));
    for (const [purpose, file, name] of [
      ['document', html, 'cours.pdf'],
      ['document', PNG, 'image.pdf'],
      ['video', PDF, 'film.mp4'],
      ['image', Buffer.alloc(0), 'vide.png'],
      ['image', Buffer.from('GIF8'), 'court.gif'],
    ] as const) {
      const response = await upload('trainerA', purpose, file, name);
      expect(expectStatus(response, 415).error.code, name).toBe('UNSUPPORTED_FORMAT');
    }
  });

  it('accepts a video and an image of the allowed formats', async () => {
    expect(expectStatus<StoredFile>(await upload('trainerA', 'video', MP4, 'cours.mp4'), 200).mimeType).toBe(
      'video/mp4',
    );
    expect(expectStatus<StoredFile>(await upload('trainerA', 'image', PNG, 'schéma.png'), 200)).toMatchObject(
      {
        mimeType: 'image/png',
        name: 'schéma.png',
      },
    );
  });

  it('refuses a file over the purpose’s limit (FILE_TOO_LARGE), keeping nothing', async () => {
    const before = readdirSync(path.join(dataDir, 'files', world.users.trainerA.organizationId!)).length;
    const big = Buffer.concat([PNG, Buffer.alloc(FILE_LIMITS.image.maxBytes, 1)]);
    const response = await upload('trainerA', 'image', big, 'grande.png');
    expect(expectStatus(response, 413).error.code).toBe('FILE_TOO_LARGE');
    // Far over the limit, the announced length alone refuses it, before a byte is stored.
    const huge = Buffer.concat([PNG, Buffer.alloc(FILE_LIMITS.image.maxBytes + 512 * 1024, 1)]);
    expect(expectStatus(await upload('trainerA', 'image', huge, 'énorme.png'), 413).error.code).toBe(
      'FILE_TOO_LARGE',
    );
    const after = readdirSync(path.join(dataDir, 'files', world.users.trainerA.organizationId!));
    expect(after).toHaveLength(before);
    expect(after.some((name) => name.endsWith('.partial'))).toBe(false);
  });

  it('lets only staff upload, and names what is wrong with the request', async () => {
    expect(expectStatus(await upload('studentA1', 'image', PNG, 'a.png'), 403).error.code).toBe(
      'NOT_AUTHORIZED',
    );
    expect(expectStatus(await upload(null, 'image', PNG, 'a.png'), 401).error.code).toBe('NO_SESSION');
    const badPurpose = await upload('trainerA', 'music', PNG, 'a.png');
    expect(expectStatus(badPurpose, 400).error.details.fields[0].path).toBe('purpose');
    const wrongField = await upload('trainerA', 'image', PNG, 'a.png', { field: 'picture' });
    expect(expectStatus(wrongField, 400).error.details.fields[0].path).toBe('file');
    const json = await world.call('trainerA', 'POST', '/api/files?purpose=image', { file: 'x' });
    expect(expectStatus(json, 415).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("uploads into a named formation's organisation, and refuses another organisation's formation", async () => {
    const courseB = expectStatus<CourseDetail>(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'B' }),
      200,
    );
    const refused = await upload('trainerA', 'document', PDF, 'x.pdf', { courseId: courseB.id });
    expect(expectStatus(refused, 404).error.code).toBe('TRAINING_NOT_FOUND');
    const byAdmin = await upload('admin', 'document', PDF, 'x.pdf', { courseId: courseB.id });
    expect(expectStatus(byAdmin, 200).mimeType).toBe('application/pdf');
    expect(readdirSync(path.join(dataDir, 'files', world.users.trainerB.organizationId!))).toHaveLength(1);
  });
});

describe('downloads', () => {
  let course: CourseDetail;
  let document: StoredFile;
  let video: StoredFile;
  let image: StoredFile;

  beforeAll(async () => {
    document = expectStatus(await upload('trainerA', 'document', PDF, 'support cours é.pdf'), 200);
    video = expectStatus(await upload('trainerA', 'video', MP4, 'film.mp4'), 200);
    image = expectStatus(await upload('trainerA', 'image', PNG, 'illustration.png'), 200);
    course = expectStatus(
      await world.call('trainerA', 'POST', '/api/courses', { title: 'Avec fichiers' }),
      200,
    );
    const module = expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules`, { title: 'M' }),
      200,
    );
    for (const content of [
      { type: 'document', fileId: document.id },
      { type: 'video', source: 'upload', fileId: video.id },
    ]) {
      expectStatus(
        await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules/${module.id}/lessons`, {
          title: content.type,
          content,
        }),
        200,
      );
    }
  });

  it('refuses a file of the wrong purpose in a lesson', async () => {
    const module =
      course.modules[0] ??
      (await world.call('trainerA', 'GET', `/api/courses/${course.id}`)).json().modules[0];
    const response = await world.call(
      'trainerA',
      'POST',
      `/api/courses/${course.id}/modules/${module.id}/lessons`,
      {
        title: 'x',
        content: { type: 'document', fileId: image.id },
      },
    );
    expect(expectStatus(response, 400).error.details.fields[0]).toEqual({
      path: 'content.fileId',
      message: 'UNSUPPORTED_FORMAT',
    });
  });

  it('streams the file to its organisation’s staff with its type, inline', async () => {
    const response = await download('trainerA', document.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('support cours é.pdf')}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(PDF)).toBe(true);
  });

  it('serves a file opened on its own as a page that loads and runs nothing', async () => {
    for (const file of [image, video]) {
      const response = await download('trainerA', file.id);
      expect(response.headers['content-security-policy'], file.mimeType).toBe(
        "default-src 'none'; frame-ancestors 'self'; sandbox",
      );
    }
    // A PDF goes without `sandbox`, so every browser's own viewer shows it in the lesson's frame
    // (lesson-content.tsx): still nothing loads, and no site but ours frames it.
    const pdf = await download('trainerA', document.id);
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    // Caching stays as the route chose (private, for seeking in videos), not the API's no-store.
    expect(pdf.headers['cache-control']).toBe('private, max-age=3600');
    // The app's permissions policy holds too (no frame loads here: default-src 'none').
    expect(pdf.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(pdf.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
  });

  it('serves byte ranges so videos can seek', async () => {
    const partial = await download('trainerA', video.id, { range: 'bytes=100-199' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-199/${MP4.length}`);
    expect(partial.rawPayload.equals(MP4.subarray(100, 200))).toBe(true);
    const tail = await download('trainerA', video.id, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(MP4.subarray(MP4.length - 10))).toBe(true);
    const beyond = await download('trainerA', video.id, { range: `bytes=${MP4.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${MP4.length}`);
  });

  it('sends files as stored to a browser that accepts compression, byte ranges included (issue 12)', async () => {
    const accepts = { 'accept-encoding': 'br, gzip' };
    for (const [file, bytes] of [
      [document, PDF],
      [video, MP4],
      [image, PNG],
    ] as const) {
      const whole = await download('trainerA', file.id, accepts);
      expect(whole.headers['content-encoding'], file.mimeType).toBeUndefined();
      expect(whole.headers['content-length'], file.mimeType).toBe(String(bytes.length));
      expect(whole.rawPayload.equals(bytes), file.mimeType).toBe(true);
    }
    const partial = await download('trainerA', video.id, { ...accepts, range: 'bytes=100-199' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.rawPayload.equals(MP4.subarray(100, 200))).toBe(true);
  });

  it('lets a learner read a lesson file only once enrolled in the published, unlocked formation', async () => {
    expect(expectStatus(await download('studentA1', document.id), 404).error.code).toBe('NOT_FOUND');
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    });
    expect((await download('studentA1', document.id)).statusCode).toBe(404);
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/publish`);
    expect((await download('studentA1', document.id)).statusCode).toBe(200);
    expect((await download('studentA1', video.id, { range: 'bytes=0-9' })).statusCode).toBe(206);
    expect((await download('studentA2', document.id)).statusCode).toBe(404);
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/lock`);
    expect((await download('studentA1', document.id)).statusCode).toBe(404);
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/unlock`);
  });

  it('lets students of the organisation see text-lesson images, and nobody else', async () => {
    expect((await download('studentA2', image.id)).statusCode).toBe(200);
    expect((await download('studentB', image.id)).statusCode).toBe(404);
  });

  it('hides a file from another organisation and from visitors, like a missing one', async () => {
    expect(expectStatus(await download('trainerB', document.id), 404).error.code).toBe('NOT_FOUND');
    expect(
      expectStatus(await download('trainerA', '00000000-0000-4000-8000-000000000000'), 404).error.code,
    ).toBe('NOT_FOUND');
    expect(expectStatus(await download(null, document.id), 401).error.code).toBe('NO_SESSION');
    expect(expectStatus(await download('trainerA', 'nope'), 400).error.details.fields[0].path).toBe('fileId');
  });

  it('lets the admin read any file', async () => {
    expect((await download('admin', document.id)).statusCode).toBe(200);
  });
});
