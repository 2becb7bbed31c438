/**
 * CPU time spent by the server's process and by the PostgreSQL backends serving one database, read
 * from /proc (Linux). Per request, it is the cost of a route itself: unlike requests per second it
 * hardly moves with what else the shared machine is doing, so it compares runs made hours apart.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  server: number;
  /** Ticks of each backend of the database, by process id. */
  database: Map<number, number>;
}

/** utime + stime of a process in ticks, or undefined once it has ended. */
function processTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

export async function cpuSnapshot(client: pg.Client, serverPid: number): Promise<CpuSnapshot> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const database = new Map<number, number>();
  for (const { pid } of rows) {
    const ticks = processTicks(pid);
    if (ticks !== undefined) database.set(pid, ticks);
  }
  return { server: processTicks(serverPid) ?? 0, database };
}

/**
 * Milliseconds of CPU per request between two snapshots. A backend that started in between counts
 * from zero; one that ended in between is lost, so the "after" snapshot is taken as soon as the load
 * stops, before the pool closes idle connections.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  let databaseTicks = 0;
  for (const [pid, ticks] of after.database) databaseTicks += ticks - (before.database.get(pid) ?? 0);
  const perRequest = (ticks: number) =>
    Math.round(((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, requests)) * 100) / 100;
  return { serverCpuMs: perRequest(after.server - before.server), dbCpuMs: perRequest(databaseTicks) };
}
