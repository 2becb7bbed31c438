import { PassThrough, type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, SEGMENT_PATTERN, type Storage, type StoredObject } from '../../lib/storage.ts';

/** The S3_* variables (config/env.ts), read once at start-up. */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible server (MinIO, Garage, Scaleway, OVH…); unset means AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's own chain (instance role, AWS_* variables, shared files). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket.host/key` by default; most self-hosted servers want `host/bucket/key`. */
  forcePathStyle: boolean;
  /** Keys are written under it, so one bucket can hold several installations. */
  prefix: string;
}

/** Parts of 8 MB: a 200 MB video goes in 25 requests, and at most 4 parts wait in memory at once. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Stored files in an S3-compatible bucket, behind the same interface as the local disk. An upload
 * streams in parts (lib-storage), since its length is unknown until the last byte has been sniffed
 * and counted; a failed one is aborted, leaving no object. S3 never shows a half-written object,
 * so nothing listed is ever partial; parts of an upload interrupted by a crash are S3's to expire
 * (an AbortIncompleteMultipartUpload lifecycle rule, docs/operations.md).
 */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const { bucket } = options;
  const prefix = options.prefix;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };

  async function* pages(input: { Prefix: string; Delimiter?: string }) {
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, ...input, ContinuationToken: token }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    client,
    async write(key, source) {
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // A failing source (a refused format, a client gone) fails the counter, hence the upload.
      source.on('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: source.pipe(counter) },
        partSize: PART_SIZE,
        queueSize: 4,
        leavePartsOnError: false,
      });
      await upload.done();
      return size;
    },
    read(key, range) {
      const output = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        .then((answer) => {
          const body = answer.Body as Readable;
          body.on('error', (error) => output.destroy(error));
          body.pipe(output);
        })
        .catch((error: unknown) => output.destroy(error as Error));
      return output;
    },
    async remove(key) {
      // Deleting a missing key succeeds on S3: removing twice is harmless, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async listPrefixes() {
      const found: string[] = [];
      for await (const page of pages({ Prefix: prefix, Delimiter: '/' })) {
        for (const entry of page.CommonPrefixes ?? []) {
          const name = (entry.Prefix ?? '').slice(prefix.length).replace(/\/$/, '');
          if (SEGMENT_PATTERN.test(name)) found.push(name);
        }
      }
      return found;
    },
    async list(folder) {
      const start = `${objectKey(folder)}/`;
      const objects: StoredObject[] = [];
      for await (const page of pages({ Prefix: start })) {
        for (const entry of page.Contents ?? []) {
          const name = (entry.Key ?? '').slice(start.length);
          // Anything else in the bucket was not written by this storage: not ours to judge or remove.
          if (!SEGMENT_PATTERN.test(name)) continue;
          objects.push({
            key: `${folder}/${name}`,
            modifiedAt: entry.LastModified ?? new Date(0),
            isPartial: false,
          });
        }
      }
      return objects;
    },
  };
}
