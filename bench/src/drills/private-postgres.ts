/**
 * A PostgreSQL cluster of the drill's own, in a temporary folder on its own port: the drills stop and
 * start it, which they must never do to the machine's shared server. initdb refuses to run as
 * root, so as root the cluster belongs to the `postgres` system user (runuser).
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** The superuser's URL (trust authentication, 127.0.0.1 only). */
  url: string;
  /** Resolves once it accepts connections. */
  start(): Promise<void>;
  /** `fast` is a clean stop (backends ended, WAL flushed); `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /**
   * Suspends (SIGSTOP) or resumes (SIGCONT) the server and its backends: a database that hangs
   * rather than refuses (a frozen host, a network partition): connections open, nothing answers.
   */
  freeze(isFrozen: boolean): void;
  /** Stops it if running and deletes its folder. */
  destroy(): Promise<void>;
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const folder = mkdtempSync(path.join(tmpdir(), 'cursus-drill-pg-'));
  const dataDir = path.join(folder, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const group = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(folder, Number(ids), Number(group));
    chmodSync(folder, 0o700);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]]
      : [path.join(BIN, tool), args];
  execFileSync(
    ...command('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']),
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Asynchronous, so that the drill's load goes on (and is timed) while PostgreSQL stops and starts.
  const run = async (tool: string, args: string[]) => {
    await promisify(execFile)(...command(tool, args));
  };
  let isRunning = false;
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await run('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(folder, 'postgres.log'),
        '-o',
        `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=100`,
        '-w',
        'start',
      ]);
      isRunning = true;
    },
    async stop(mode = 'fast') {
      await run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      isRunning = false;
    },
    freeze(isFrozen) {
      const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = execFileSync('pgrep', ['-P', String(postmaster)])
        .toString()
        .trim()
        .split('\n');
      for (const pid of [postmaster, ...children.map(Number)])
        process.kill(pid, isFrozen ? 'SIGSTOP' : 'SIGCONT');
    },
    async destroy() {
      if (isRunning) await instance.stop('immediate');
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return instance;
}
