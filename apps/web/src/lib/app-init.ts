import { logError } from '@/lib/error-logger';

/** SPEC 3 local preference holding the last successful start-up check. */
export const APP_INIT_CACHE_KEY = 'app-init-cache';
/** SPEC 9: the init cache is valid 5 min and within the same calendar day. */
export const APP_INIT_CACHE_VALID_MS = 5 * 60 * 1000;
/** SPEC 9: the table check gives up after 1000 ms. */
export const TABLE_CHECK_TIMEOUT_MS = 1000;

const READY_PATH = '/api/ready';

/** SPEC 3 init cache: `version` is the local calendar day the check passed on. */
export interface AppInitCache {
  tablesChecked: boolean;
  timestamp: number;
  version: string;
}

export type AppInitResult = 'cached' | 'checked' | 'failed';

/** Today's date string in local time, e.g. 'Mon Mar 02 2026': the cache expires at local midnight. */
function getInitCacheVersion(now: Date): string {
  return now.toDateString();
}

export function isInitCacheValid(cache: unknown, now: Date): cache is AppInitCache {
  if (typeof cache !== 'object' || cache === null) return false;
  const { tablesChecked, timestamp, version } = cache as Partial<AppInitCache>;
  if (tablesChecked !== true || typeof timestamp !== 'number') return false;
  const age = now.getTime() - timestamp;
  // A timestamp in the future (clock moved back) is not trusted either.
  return age >= 0 && age < APP_INIT_CACHE_VALID_MS && version === getInitCacheVersion(now);
}

function readCache(): unknown {
  try {
    const raw = localStorage.getItem(APP_INIT_CACHE_KEY);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    // Storage blocked or a hand-edited value: check again.
    return null;
  }
}

function writeCache(cache: AppInitCache): void {
  try {
    localStorage.setItem(APP_INIT_CACHE_KEY, JSON.stringify(cache));
  } catch {
    // Not caching only means checking again at the next start.
  }
}

/** GET /api/ready answers 200 once the database answers, 503 otherwise. */
async function checkTables(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TABLE_CHECK_TIMEOUT_MS);
  try {
    const response = await fetch(READY_PATH, {
      signal: controller.signal,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Start-up table check: ${READY_PATH} answered ${response.status}`);
  } catch (error) {
    if (controller.signal.aborted) {
      throw new Error(`Start-up table check: no answer within ${TABLE_CHECK_TIMEOUT_MS} ms`, {
        cause: error,
      });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SPEC 4 app start: checks that the server reaches its tables, at most once per 5 minutes and per
 * day. Never throws and never waits longer than 1 s: the app renders whatever the answer, and a
 * failure is only logged, since every screen reports its own errors when it loads its data.
 */
export async function initializeApp(now: () => Date = () => new Date()): Promise<AppInitResult> {
  try {
    if (isInitCacheValid(readCache(), now())) return 'cached';
    await checkTables();
    const checkedAt = now();
    writeCache({
      tablesChecked: true,
      timestamp: checkedAt.getTime(),
      version: getInitCacheVersion(checkedAt),
    });
    return 'checked';
  } catch (error) {
    if (import.meta.env.DEV) console.warn(error);
    logError(error, { category: 'app-init', severity: 'low' });
    return 'failed';
  }
}
