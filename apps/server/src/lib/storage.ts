import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live (DESIGN "files"). Local disk under DATA_DIR/files by default; an
 * S3-compatible implementation of the same interface can replace it when configured.
 */
export interface Storage {
  /** Stores the stream under `key` and returns its size; nothing is left behind if the stream fails. */
  write(key: string, source: Readable): Promise<number>;
  /** The bytes of `key`, or only `start` to `end` (both included) for a range request. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
}

// Keys are built by our code from UUIDs; refusing anything else keeps a key from escaping the root.
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async write(key, source) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed once complete, so a reader never sees half a file.
      const partial = `${target}.partial`;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // Opened before the bytes flow: a sink that opened its file lazily could create it after a
      // failed upload's clean-up below had run, leaving it behind.
      const file = await open(partial, 'w', 0o600);
      try {
        await pipeline(source, counter, file.createWriteStream());
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return size;
    },
    read(key, range) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
