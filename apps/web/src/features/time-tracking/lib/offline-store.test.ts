import { TIME_TRACKING, TIME_TRACKING_OFFLINE_DB } from '@cursus/contracts';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OfflineStore, openOfflineStore, type PendingSessionEntry } from './offline-store';

const DAY_MS = 24 * 60 * 60 * 1000;
let store: OfflineStore;

function pending(overrides: Partial<PendingSessionEntry> = {}): PendingSessionEntry {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: 'user-1',
    sessionStart: '2026-03-02T09:00:00.000Z',
    sessionEnd: '2026-03-02T09:30:00.000Z',
    durationSeconds: 1800,
    createdAt: Date.parse('2026-03-02T09:30:00.000Z'),
    synced: false,
    ...overrides,
  };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = openOfflineStore();
});

afterEach(() => store.close());

describe('offline store (SPEC 3 time-tracking-offline)', () => {
  it('creates the database time-tracking-offline version 1 with the stores localTime and pendingSessions', async () => {
    await store.readLocalTime('user-1');
    const db = await openDB(TIME_TRACKING_OFFLINE_DB.name);
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual(['localTime', 'pendingSessions']);
    db.close();
  });

  it('keeps one local time per learner with the SPEC 3 fields, and clears it', async () => {
    const entry = { userId: 'user-1', elapsedTime: 90, sessionId: 'session-1', lastUpdate: 1000 };
    await store.saveLocalTime(entry);
    await store.saveLocalTime({ ...entry, elapsedTime: 120, lastUpdate: 31_000 });
    expect(await store.readLocalTime('user-1')).toEqual({ ...entry, elapsedTime: 120, lastUpdate: 31_000 });
    await store.clearLocalTime('user-1');
    expect(await store.readLocalTime('user-1')).toBeUndefined();
  });

  it('lists a learner’s pending sessions and marks them synced', async () => {
    await store.addPendingSession(pending());
    await store.addPendingSession(pending({ id: '00000000-0000-4000-8000-000000000002', userId: 'user-2' }));
    expect(await store.listPendingSessions('user-1')).toEqual([pending()]);
    await store.markSynced([pending().id]);
    expect(await store.listPendingSessions('user-1')).toEqual([pending({ synced: true })]);
  });

  it('never turns a synced entry back into a pending one', async () => {
    await store.addPendingSession(pending({ synced: true }));
    await store.addPendingSession(pending({ durationSeconds: 2000 }));
    expect(await store.listPendingSessions('user-1')).toEqual([pending({ synced: true })]);
  });

  it('purges synced entries after 7 days, and keeps unsynced ones whatever their age', async () => {
    const createdAt = pending().createdAt;
    await store.addPendingSession(pending({ synced: true }));
    await store.addPendingSession(pending({ id: '00000000-0000-4000-8000-000000000003' }));
    expect(await store.purgeSynced(createdAt + 7 * DAY_MS - 1)).toBe(0);
    expect(await store.purgeSynced(createdAt + TIME_TRACKING.offlinePurgeAfterMs)).toBe(1);
    expect((await store.listPendingSessions('user-1')).map((entry) => entry.id)).toEqual([
      '00000000-0000-4000-8000-000000000003',
    ]);
  });
});
