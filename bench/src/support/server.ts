import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { openSync } from 'node:fs';
import path from 'node:path';

/** better-auth's signed session cookie (better-call: value '.' base64 HMAC-SHA256, URI-encoded). */
export function signedSessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `cursus.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Generous, the machines being shared: a server that cannot start exits, and says so, long before. */
const READY_TIMEOUT_MS = 90_000;

/**
 * The server as production starts it (`apps/server/src/main.ts` under tsx), on 127.0.0.1, resolved
 * once `/api/ready` answers. `env` completes or overrides the defaults (engine, NODE_ENV, flags).
 */
export async function startServer(options: {
  root: string;
  port: number;
  secret: string;
  env: Record<string, string>;
  /** Writes a V8 CPU profile of the server to this folder. */
  cpuProfDir?: string;
  /** Come after tsx's loader and before the entry (a TypeScript module to preload, say). */
  nodeArgs?: string[];
  /** Where its output goes (pino's JSON lines); by default its errors go to the console, the rest nowhere. */
  logFile?: string;
}): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const profile = options.cpuProfDir
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.cpuProfDir)]
    : [];
  const log = options.logFile ? openSync(options.logFile, 'a') : null;
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', ...(options.nodeArgs ?? []), 'apps/server/src/main.ts'],
    {
      cwd: options.root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        AUTH_SECRET: options.secret,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ...options.env,
      },
      stdio: log === null ? ['ignore', 'ignore', 'inherit'] : ['ignore', log, log],
    },
  );
  // A server that cannot start (a broken import, a bad setting) exits: say so at once, not after the wait.
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? 1;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(
        `the server exited with code ${exited} before it was ready${options.logFile ? ` (see ${options.logFile})` : ''}`,
      );
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not become ready within ${READY_TIMEOUT_MS / 1000} s`);
}
