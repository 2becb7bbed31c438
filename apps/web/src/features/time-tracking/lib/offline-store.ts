import { TIME_TRACKING, TIME_TRACKING_OFFLINE_DB } from '@cursus/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** SPEC 3 localTime: the running count of the learner's current session, saved every 30 s. */
export interface LocalTimeEntry {
  userId: string;
  elapsedTime: number;
  sessionId: string;
  /** Epoch milliseconds. */
  lastUpdate: number;
  /**
   * The offline lease held then (issue 11), so a page opened without a connection can still
   * declare its time under it. Not a SPEC field: an entry without it is read as holding none.
   */
  leaseId?: string;
}

/** SPEC 3 pendingSessions: a session that could not be saved, kept until the server has it. */
export interface PendingSessionEntry {
  id: string;
  userId: string;
  /** ISO date-times, as the sync route takes them. */
  sessionStart: string;
  sessionEnd: string;
  durationSeconds: number;
  /** Epoch milliseconds. */
  createdAt: number;
  synced: boolean;
  /** The offline lease the time was counted under; none for the end of a session the server opened. */
  leaseId?: string;
}

interface TimeTrackingOfflineSchema extends DBSchema {
  localTime: { key: string; value: LocalTimeEntry };
  pendingSessions: { key: string; value: PendingSessionEntry; indexes: { userId: string } };
}

/** The browser database `time-tracking-offline`, version 1 (SPEC 3). */
export interface OfflineStore {
  saveLocalTime(entry: LocalTimeEntry): Promise<void>;
  readLocalTime(userId: string): Promise<LocalTimeEntry | undefined>;
  clearLocalTime(userId: string): Promise<void>;
  addPendingSession(entry: PendingSessionEntry): Promise<void>;
  listPendingSessions(userId: string): Promise<PendingSessionEntry[]>;
  markSynced(ids: string[]): Promise<void>;
  /** Drops synced entries older than 7 days (SPEC 9); returns how many went. */
  purgeSynced(now: number): Promise<number>;
  close(): void;
}

export function openOfflineStore(): OfflineStore {
  let database: Promise<IDBPDatabase<TimeTrackingOfflineSchema>> | null = null;
  const open = () => {
    database ??= openDB<TimeTrackingOfflineSchema>(
      TIME_TRACKING_OFFLINE_DB.name,
      TIME_TRACKING_OFFLINE_DB.version,
      {
        upgrade(db) {
          // Keyed by learner: one running session per learner and browser.
          db.createObjectStore('localTime', { keyPath: 'userId' });
          const pending = db.createObjectStore('pendingSessions', { keyPath: 'id' });
          pending.createIndex('userId', 'userId');
        },
      },
    );
    return database;
  };

  return {
    async saveLocalTime(entry) {
      await (await open()).put('localTime', entry);
    },
    async readLocalTime(userId) {
      return (await open()).get('localTime', userId);
    },
    async clearLocalTime(userId) {
      await (await open()).delete('localTime', userId);
    },
    async addPendingSession(entry) {
      const db = await open();
      const existing = await db.get('pendingSessions', entry.id);
      // A session already synced stays synced: sending it again could only be refused as a duplicate.
      if (existing?.synced) return;
      await db.put('pendingSessions', entry);
    },
    async listPendingSessions(userId) {
      return (await open()).getAllFromIndex('pendingSessions', 'userId', userId);
    },
    async markSynced(ids) {
      const tx = (await open()).transaction('pendingSessions', 'readwrite');
      for (const id of ids) {
        const entry = await tx.store.get(id);
        if (entry) await tx.store.put({ ...entry, synced: true });
      }
      await tx.done;
    },
    async purgeSynced(now) {
      const tx = (await open()).transaction('pendingSessions', 'readwrite');
      let purged = 0;
      for (const entry of await tx.store.getAll()) {
        if (entry.synced && now - entry.createdAt >= TIME_TRACKING.offlinePurgeAfterMs) {
          await tx.store.delete(entry.id);
          purged += 1;
        }
      }
      await tx.done;
      return purged;
    },
    close() {
      void database?.then((db) => db.close());
      database = null;
    },
  };
}
