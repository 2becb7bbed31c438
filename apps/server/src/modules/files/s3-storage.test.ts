import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { StoredFile } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { ORIGIN } from '../../../test/helper.ts';
import { parseEnv } from '../../config/env.ts';
import { storedFiles } from './files.tables.ts';
import { createS3Storage } from './s3-storage.ts';
import { ORPHAN_FILE_GRACE_MS, ORPHAN_SWEEP_JOB, type SweepResult } from './sweep-orphan-files.ts';

const BUCKET = 'cursus-files';
// s3rver's own key pair: it checks every request's signature against it.
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const ORGANIZATION = '0b7c2a3e-1d4f-4a5b-8c6d-7e8f9a0b1c2d';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600, 0x20), Buffer.from('\n%%EOF\n')]);

let server: S3rver;
let directory: string;
let endpoint: string;
let storage: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'cursus-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    credentials: KEYS,
    forcePathStyle: true,
    prefix: 'unit/',
  });
});
afterAll(async () => {
  storage.client.destroy();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('writes, reads whole or by range, lists and removes objects under its prefix', async () => {
    const key = `${ORGANIZATION}/8f0e7d6c-5b4a-4392-8170-6f5e4d3c2b1a`;
    expect(await storage.write(key, Readable.from([Buffer.from('hello '), Buffer.from('bucket')]))).toBe(12);
    expect(await text(storage.read(key))).toBe('hello bucket');
    expect(await text(storage.read(key, { start: 6, end: 11 }))).toBe('bucket');
    expect(await storage.listPrefixes()).toEqual([ORGANIZATION]);
    const [object] = await storage.list(ORGANIZATION);
    expect(object).toMatchObject({ key, isPartial: false });
    expect(object!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `unit/${key}` }));
    expect(head.ContentLength).toBe(12);
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.list(ORGANIZATION)).toEqual([]);
    await expect(text(storage.read(key))).rejects.toThrow();
  });

  it('stores a file larger than one upload part whole', async () => {
    const key = `${ORGANIZATION}/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f`;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const size = await storage.write(key, Readable.from(Array.from({ length: 9 }, () => chunk)));
    expect(size).toBe(9 * 1024 * 1024);
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `unit/${key}` }));
    expect(head.ContentLength).toBe(size);
    expect((await buffer(storage.read(key))).equals(Buffer.concat(Array(9).fill(chunk)))).toBe(true);
    await storage.remove(key);
  });

  it('leaves nothing behind when the upload’s stream fails', async () => {
    const key = `${ORGANIZATION}/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d`;
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.write(key, failing)).rejects.toThrow('client went away');
    expect((await storage.list(ORGANIZATION)).map((object) => object.key)).not.toContain(key);
  });

  it('refuses a key our code would never build', async () => {
    await expect(storage.write('../etc/passwd', Readable.from([]))).rejects.toThrow('invalid storage key');
  });
});

describe('S3 configuration', () => {
  it('stops start-up when the variables are incomplete, naming the one to fix', () => {
    expect(() => parseEnv({ S3_ENDPOINT: endpoint })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(parseEnv({ S3_BUCKET: BUCKET, S3_PREFIX: 'cursus' }).S3_PREFIX).toBe('cursus/');
  });
});

describe('the app on an S3 bucket', () => {
  let world: CoursesWorld;
  let clock = new Date();

  beforeAll(async () => {
    world = await createCoursesWorld(
      {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
        S3_PREFIX: 'app',
      },
      { now: () => clock },
    );
  });
  afterAll(() => world.close());

  const objectKeys = async () => {
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'app/' }));
    return (listed.Contents ?? []).map((entry) => entry.Key);
  };
  const upload = (file: Buffer) => {
    const boundary = '----cursus-s3-boundary';
    return world.testApp.app.inject({
      method: 'POST',
      url: '/api/files?purpose=record',
      headers: {
        ...ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: world.users.trainerA.cookie,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it('stores uploads in the bucket, serves them, refuses bad ones without a trace, and sweeps orphans', async () => {
    const organizationId = world.users.trainerA.organizationId!;
    const kept = expectStatus<StoredFile>(await upload(PDF), 200);
    const orphan = expectStatus<StoredFile>(await upload(PDF), 200);
    expect(await objectKeys()).toEqual(
      expect.arrayContaining([`app/${organizationId}/${kept.id}`, `app/${organizationId}/${orphan.id}`]),
    );
    const refused = await upload(Buffer.from('<html><script>alert(1)</script></html>'.padEnd(200, ' ')));
    expect(refused.statusCode).toBe(415);
    expect(await objectKeys()).toHaveLength(2);

    const download = await world.call('trainerA', 'GET', kept.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const range = await world.testApp.app.inject({
      method: 'GET',
      url: kept.url,
      headers: { cookie: world.users.trainerA.cookie, range: 'bytes=0-4' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-');

    expectStatus(
      await world.call('trainerA', 'POST', '/api/trainer/documents', {
        title: 'Règlement intérieur',
        category: 'internal_rules',
        visibility: 'organization',
        fileId: kept.id,
      }),
      200,
    );
    clock = new Date(clock.getTime() + ORPHAN_FILE_GRACE_MS + 60_000);
    const job = world.testApp.modules.files.jobs.find((candidate) => candidate.name === ORPHAN_SWEEP_JOB)!;
    const result = (await job.run(clock)) as SweepResult;
    expect(result).toMatchObject({ removedFiles: 1, missingFileIds: [] });
    expect(await objectKeys()).toEqual([`app/${organizationId}/${kept.id}`]);
    const rows = await world.testApp.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, orphan.id));
    expect(rows).toEqual([]);
  });
});
