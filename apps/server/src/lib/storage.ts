import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored object as the storage sees it, for the orphan sweep (modules/files). */
export interface StoredObject {
  key: string;
  /** When its bytes were last written. */
  modifiedAt: Date;
  /** The leftover of a write that never completed (a crash mid-upload), not a readable object. */
  isPartial: boolean;
}

/**
 * Where uploaded bytes live (DESIGN "files"). Local disk under DATA_DIR/files by default; an
 * S3-compatible bucket when S3_BUCKET is set (modules/files/s3-storage.ts).
 */
export interface Storage {
  /** Stores the stream under `key` and returns its size; nothing is left behind if the stream fails. */
  write(key: string, source: Readable): Promise<number>;
  /** The bytes of `key`, or only `start` to `end` (both included) for a range request. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Removes the object and any leftover of an unfinished write under the same key. */
  remove(key: string): Promise<void>;
  /** The first level of keys (one per organisation). */
  listPrefixes(): Promise<string[]>;
  /** The objects whose keys start with `prefix/`, leftovers included. */
  list(prefix: string): Promise<StoredObject[]>;
}

// Keys are built by our code from UUIDs; refusing anything else keeps a key from escaping the root.
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
export const SEGMENT_PATTERN = /^[a-z0-9-]+$/;

/** Throws on a key our code would never build, whatever the storage behind it. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}
const PARTIAL_SUFFIX = '.partial';

/** The entries of a folder, or none when it does not exist (yet, or any more). */
async function entriesOf(folder: string) {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async write(key, source) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed once complete, so a reader never sees half a file.
      const partial = `${target}${PARTIAL_SUFFIX}`;
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
      const target = resolve(key);
      await rm(target, { force: true });
      await rm(`${target}${PARTIAL_SUFFIX}`, { force: true });
    },
    async listPrefixes() {
      return (await entriesOf(root))
        .filter((entry) => entry.isDirectory() && SEGMENT_PATTERN.test(entry.name))
        .map((entry) => entry.name);
    },
    async list(prefix) {
      const folder = resolve(prefix);
      const objects: StoredObject[] = [];
      for (const entry of await entriesOf(folder)) {
        if (!entry.isFile()) continue;
        const isPartial = entry.name.endsWith(PARTIAL_SUFFIX);
        const name = isPartial ? entry.name.slice(0, -PARTIAL_SUFFIX.length) : entry.name;
        // Anything else in the folder was not written by this storage: not ours to judge or remove.
        if (!SEGMENT_PATTERN.test(name)) continue;
        try {
          const { mtime } = await stat(path.join(folder, entry.name));
          objects.push({ key: `${prefix}/${name}`, modifiedAt: mtime, isPartial });
        } catch (error) {
          // Removed since the folder was read (an upload's own clean-up): nothing left to list.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return objects;
    },
  };
}
