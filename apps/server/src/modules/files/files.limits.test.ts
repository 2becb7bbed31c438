import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ORGANIZATION_STORAGE_QUOTA_BYTES,
  type StoredFile,
  UPLOADS_PER_USER_PER_HOUR,
} from '@cursus/contracts';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';
import { storedFiles } from './files.tables.ts';

let world: CoursesWorld;
let dataDir: string;
let clock = new Date();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-file-limits-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir }, { now: () => clock });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function upload(person: Person, purpose: string, file: Buffer, field = 'file') {
  const boundary = '----cursus-limits-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
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

const organizationOf = (person: Person) => world.users[person].organizationId!;
const folderOf = (person: Person) => path.join(dataDir, 'files', organizationOf(person));
const filesOnDisk = (person: Person) => {
  try {
    return readdirSync(folderOf(person));
  } catch {
    return [];
  }
};

/** Fills the organisation's storage up to `freeBytes` from its quota, with one big (bodiless) row. */
async function leaveFree(person: Person, freeBytes: number) {
  const organizationId = organizationOf(person);
  const { db } = world.testApp.database;
  await db.delete(storedFiles).where(eq(storedFiles.organizationId, organizationId));
  const id = randomUUID();
  await db.insert(storedFiles).values({
    id,
    organizationId,
    purpose: 'video',
    name: 'archive.mp4',
    mimeType: 'video/mp4',
    sizeBytes: ORGANIZATION_STORAGE_QUOTA_BYTES - freeBytes,
    storageKey: `${organizationId}/${id}`,
  });
}

async function usedBytes(person: Person): Promise<number> {
  const [row] = await world.testApp.database.db
    .select({ total: sum(storedFiles.sizeBytes) })
    .from(storedFiles)
    .where(eq(storedFiles.organizationId, organizationOf(person)));
  return Number(row?.total ?? 0);
}

describe('organisation storage quota', () => {
  it('refuses an upload past the quota (STORAGE_QUOTA_EXCEEDED) and keeps nothing of it', async () => {
    await leaveFree('trainerA', PDF.length - 1);
    const refused = await upload('trainerA', 'document', PDF);
    expect(expectStatus(refused, 413).error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(filesOnDisk('trainerA')).toEqual([]);
    expect(await usedBytes('trainerA')).toBe(ORGANIZATION_STORAGE_QUOTA_BYTES - PDF.length + 1);
    // The organisation next door is not affected.
    expect(expectStatus<StoredFile>(await upload('trainerB', 'document', PDF), 200).sizeBytes).toBe(
      PDF.length,
    );
  });

  it('refuses what announces itself over the free space before reading the upload', async () => {
    await leaveFree('trainerA', 100);
    // Longer than the room left for the multipart envelope, so its length alone cannot fit; a part
    // under the wrong name would be a 400 once read: the quota answers first.
    const big = Buffer.concat([PDF, Buffer.alloc(200 * 1024, 0x20)]);
    const refused = await upload('trainerA', 'document', big, 'wrong-field');
    expect(expectStatus(refused, 413).error.code).toBe('STORAGE_QUOTA_EXCEEDED');
  });

  it('accepts an upload that takes the last free bytes exactly', async () => {
    await leaveFree('trainerA', PDF.length);
    expectStatus(await upload('trainerA', 'document', PDF), 200);
    expect(await usedBytes('trainerA')).toBe(ORGANIZATION_STORAGE_QUOTA_BYTES);
  });

  it('lets only one of parallel uploads take the last free bytes, keeping nothing of the others', async () => {
    for (const name of filesOnDisk('trainerA')) rmSync(path.join(folderOf('trainerA'), name));
    // Room for one PDF, not two: each upload alone passes the check made before reading it.
    await leaveFree('trainerA', Math.floor(PDF.length * 1.5));
    const responses = await Promise.all(Array.from({ length: 4 }, () => upload('trainerA', 'document', PDF)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 413, 413, 413]);
    for (const response of responses.filter((response) => response.statusCode === 413))
      expect(response.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    const accepted = responses.find((response) => response.statusCode === 200)!.json() as StoredFile;
    expect(filesOnDisk('trainerA')).toEqual([accepted.id]);
    expect(await usedBytes('trainerA')).toBeLessThanOrEqual(ORGANIZATION_STORAGE_QUOTA_BYTES);
  });
});

describe('upload rate', () => {
  it('refuses a user past their hourly uploads with 429 and Retry-After, until the hour is over', async () => {
    // trainerB uploaded once above.
    for (let index = 1; index < UPLOADS_PER_USER_PER_HOUR; index++)
      expectStatus(await upload('trainerB', 'image', PNG), 200);
    const limited = await upload('trainerB', 'image', PNG);
    expect(expectStatus(limited, 429).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(filesOnDisk('trainerB')).toHaveLength(UPLOADS_PER_USER_PER_HOUR);
    // Another trainer is not slowed down by it.
    await leaveFree('trainerA', 1024 * 1024);
    expectStatus(await upload('trainerA', 'image', PNG), 200);

    clock = new Date(clock.getTime() + retryAfter * 1000);
    expectStatus(await upload('trainerB', 'image', PNG), 200);
  });
});
