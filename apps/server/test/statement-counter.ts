import pg from 'pg';
import type { Database } from '../src/db/client.ts';

/** What a request sent to the database, statement by statement, sorted by what it is for. */
export interface StatementLog {
  /** Every statement, in order. */
  all: string[];
  /** Transaction control and the role and tenant settings (db/client.ts withTenant, the embedded engine's role switch). */
  setup: string[];
  /** The session check of plugins/session.ts (auth.service liveSession). */
  session: string[];
  /** The rest: what the route itself asked for. */
  data: string[];
}

const SETUP =
  /^\s*(begin|commit|rollback|savepoint|release savepoint)\b|^\s*select set_config\('(app\.user_id|role)'/i;
// It reads the session's row joined to its account (two-factor flag, disabled accounts), as Drizzle
// writes the join.
const SESSION = /^\s*select [^;]*? from "auth_sessions" inner join "auth_users"/i;

/** The statements of a simple query, which may carry several (db/client.ts queryAsTenant joins them with ';\n'). */
const split = (text: string) =>
  text
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);

/** The SQL text of a protocol message the embedded engine receives: Parse ('P') or Query ('Q'). */
function pgliteStatement(message: Uint8Array): string | null {
  const kind = String.fromCharCode(message[0]!);
  if (kind !== 'P' && kind !== 'Q') return null;
  let start = 5;
  // Parse starts with the prepared statement's name (a C string) before the query.
  if (kind === 'P') while (message[start] !== 0) start += 1;
  if (kind === 'P') start += 1;
  let end = start;
  while (message[end] !== 0) end += 1;
  return new TextDecoder().decode(message.subarray(start, end));
}

/**
 * Records the SQL statements the database receives while `work` runs, on either engine: at the
 * driver, below Drizzle, so raw statements and transactions count too. On PostgreSQL it hooks the
 * `pg` client every pool uses; on the embedded engine, the protocol messages of the one backend.
 * Nothing else may use the database meanwhile (tests run their requests one after another).
 */
export async function recordStatements(
  database: Database,
  work: () => Promise<unknown>,
): Promise<StatementLog> {
  const all: string[] = [];
  const restore: (() => void)[] = [];
  if (database.pglite) {
    const client = database.pglite as unknown as {
      execProtocolStream: (message: Uint8Array, options?: unknown) => Promise<unknown>;
    };
    const original = client.execProtocolStream;
    client.execProtocolStream = function (this: unknown, message, options) {
      const text = pgliteStatement(message);
      if (text) all.push(...split(text));
      return original.call(this, message, options);
    };
    restore.push(() => {
      client.execProtocolStream = original;
    });
  } else {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const config = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      if (text) all.push(...split(text));
      return original.apply(this, args);
    };
    restore.push(() => {
      prototype.query = original;
    });
  }
  try {
    await work();
  } finally {
    for (const undo of restore) undo();
  }
  return {
    all,
    setup: all.filter((text) => SETUP.test(text)),
    session: all.filter((text) => SESSION.test(text)),
    data: all.filter((text) => !SETUP.test(text) && !SESSION.test(text)),
  };
}
