import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildOfflinePackage, COURSE_ID, fakeFetchFile, PDF_FILE, USER_ID } from '../testing/fixtures';
import { type DownloadProgress, downloadFormation, FormationTooLargeError } from './download-formation';
import { type OfflineFormationsStore, openOfflineFormationsStore } from './offline-store';

let store: OfflineFormationsStore;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = openOfflineFormationsStore();
});

describe('taking a formation offline', () => {
  it('stores its pages and files, reporting progress up to the stated size', async () => {
    const progress: DownloadProgress[] = [];
    const size = await downloadFormation({
      userId: USER_ID,
      offlinePackage: buildOfflinePackage(),
      store,
      fetchFile: fakeFetchFile,
      onProgress: (value) => progress.push(value),
      now: () => Date.parse('2026-03-02T10:00:00.000Z'),
    });
    expect(size).toBe(4000);
    expect(progress[0]).toEqual({ loadedBytes: 0, totalBytes: 4000 });
    expect(progress.at(-1)).toEqual({ loadedBytes: 4000, totalBytes: 4000 });
    expect(progress.map((value) => value.loadedBytes)).toEqual(
      [...progress.map((v) => v.loadedBytes)].sort((a, b) => a - b),
    );

    const stored = await store.getFormation(USER_ID, COURSE_ID);
    expect(stored).toMatchObject({
      title: 'Gestes de premiers secours',
      sizeBytes: 4000,
      downloadedAt: Date.parse('2026-03-02T10:00:00.000Z'),
    });
    expect(stored?.lessons).toHaveLength(2);
    const file = await store.getFile(USER_ID, COURSE_ID, PDF_FILE);
    expect(file).toMatchObject({ name: 'programme.pdf', mimeType: 'application/pdf', sizeBytes: 3000 });
  });

  it('refuses a formation above the stated maximum before downloading anything', async () => {
    let fetched = 0;
    const attempt = downloadFormation({
      userId: USER_ID,
      offlinePackage: buildOfflinePackage({ totalBytes: 60 * 1024 * 1024, maxBytes: 50 * 1024 * 1024 }),
      store,
      fetchFile: async (file, onBytes) => {
        fetched += 1;
        return fakeFetchFile(file, onBytes);
      },
      onProgress: () => {},
    });
    await expect(attempt).rejects.toBeInstanceOf(FormationTooLargeError);
    expect(fetched).toBe(0);
    expect(await store.listFormations(USER_ID)).toEqual([]);
  });

  it('stores nothing when a file fails midway', async () => {
    const attempt = downloadFormation({
      userId: USER_ID,
      offlinePackage: buildOfflinePackage(),
      store,
      fetchFile: async (file, onBytes) => {
        if (file.id !== PDF_FILE) throw new Error('connection lost');
        return fakeFetchFile(file, onBytes);
      },
      onProgress: () => {},
    });
    await expect(attempt).rejects.toThrow('connection lost');
    expect(await store.listFormations(USER_ID)).toEqual([]);
    expect(await store.getFile(USER_ID, COURSE_ID, PDF_FILE)).toBeUndefined();
  });
});
