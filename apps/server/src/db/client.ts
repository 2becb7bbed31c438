import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role, SessionUser } from '@cursus/contracts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * Handles without drizzle's relational query API (`db.query.<table>`): nothing uses it, and with a
 * schema every transaction built a query builder for each table of the app (issue 12: about 2 % of
 * a read request's CPU, growing with every table a domain adds). Tables are imported where queried.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who a request acts for; row-level security policies read these per transaction. */
export interface TenantContext {
  userId: string;
  role: Role;
  organizationId: string | null;
}

export function tenantOf(user: SessionUser): TenantContext {
  return { userId: user.id, role: user.role, organizationId: user.organizationId };
}

/**
 * The roles every connection runs as (migrations 0001 and 0009; docs/ARCHITECTURE.md "Tenancy"). None
 * owns a table or bypasses row-level security, and each holds only the privileges its code needs.
 */
export const DATABASE_ROLES = {
  /** A request's queries inside withTenant/queryAsTenant, under the tenant's policies. */
  tenant: 'cursus_app',
  /** What a request does outside a tenant: auth, sign-up, rate limits, role resolution, records. */
  service: 'cursus_service',
  /** Background jobs' own statements. */
  jobs: 'cursus_jobs',
} as const;

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * The owner: the login that ran the migrations. For the demo seed, start-up and tests' fixtures
   * only, never in a request or a job (tests build the app with this handle unusable). No policy
   * names it: forced row-level security hides tenant rows from it unless it is a superuser or
   * has BYPASSRLS (the embedded engine's is a superuser).
   */
  db: Db;
  /** As cursus_service: requests' work outside a tenant's transaction (better-auth among it). */
  service: Db;
  /** As cursus_jobs: what background jobs read and write themselves. */
  jobs: Db;
  /**
   * Runs `work` in a transaction as cursus_app, so policies filter every row it touches.
   * `withoutNestedLoops` keeps the planner from joining by nested loop in this transaction, for a
   * statement whose generic plan (REQUEST_SESSION_SETTINGS) would: see its caller.
   */
  withTenant<T>(
    context: TenantContext,
    work: (tx: Tx) => Promise<T>,
    options?: { withoutNestedLoops?: boolean },
  ): Promise<T>;
  /**
   * One statement under the tenant's policies in a single round trip, for hot paths (learners'
   * heartbeats): the settings and the statement travel as one simple query, which PostgreSQL runs
   * as one transaction. Rows come back as the database names them (snake_case).
   * `durable: false` answers before the commit reaches the disk (synchronous_commit off for this
   * transaction only): a crash of the database may then lose the last such writes, never corrupt.
   */
  queryAsTenant<T>(
    context: TenantContext,
    query: { sql: string; params: unknown[] },
    options?: { durable?: boolean },
  ): Promise<T[]>;
  /**
   * Hears PostgreSQL's NOTIFY on `channel` (every instance on the database hears every NOTIFY), until
   * the returned function is called. On PostgreSQL a connection of its own, opened again after a cut.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, for tests that clone a migrated template. */
  pglite?: PGlite;
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool) before
 * it fails with DATABASE_UNAVAILABLE (503): while the database is down or unreachable, requests
 * answer within seconds instead of hanging until the client gives up.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;
/**
 * The longest a request's statement may run (PostgreSQL's statement_timeout, per connection of the
 * pool). Request queries take milliseconds and background jobs' batches well under a second; 15 s
 * leaves ample room for a slow moment while stopping a runaway query before it holds a connection
 * for good. Migrations run on a connection of their own, without this limit.
 */
export const STATEMENT_TIMEOUT_MS = 15_000;
/**
 * How much longer than the statement timeout a pool's query may wait for any answer before the
 * connection is given up (pg's client-side query_timeout, DATABASE_UNAVAILABLE): PostgreSQL itself
 * ends a statement at the statement timeout, so silence beyond it means a database that hangs or a
 * network that swallows packets (the outage drill's `--stop-mode freeze`). Without it, a request
 * on such a connection waited until the operating system gave the connection up, minutes later.
 */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/** Connections the jobs' pool and the owner's pool may open: jobs run one at a time, seeding too. */
const SMALL_POOL_SIZE = 2;
/**
 * Statements a connection keeps prepared (PreparingClient). The server sends a few hundred distinct
 * texts (an `in (…)` list gives one text per length); past this, statements go unnamed as before.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 1_000;

/**
 * A pg client that prepares every parameterised statement under a name derived from its text, once
 * per connection. Drizzle sends unnamed statements, which PostgreSQL parses, rewrites (row-level
 * security inlines each table's policies) and plans on every execution: 0.3–1.3 ms of the
 * database's CPU per statement on the read routes, several times their execution (issue 12,
 * bench/README.md). A named statement is planned until PostgreSQL settles on a generic plan (after
 * five runs), then reused; policies stay enforced, as a cached plan is replanned when it was made
 * for another role, and the tenant's settings are read when it runs (current_setting is not folded).
 * Prepared statements outlive a rolled-back transaction, so a failed request leaves nothing behind.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } })
      .connection;
    if (
      config &&
      typeof config === 'object' &&
      'text' in config &&
      typeof config.text === 'string' &&
      !('name' in config && config.name) &&
      Object.keys(connection.parsedStatements).length < PREPARED_STATEMENTS_PER_CONNECTION
    ) {
      const name = `s${createHash('sha1').update(config.text).digest('base64url')}`;
      args[0] = { ...config, name };
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}

export type DatabaseOptions =
  | {
      /** The runtime login: every connection of its pools switches to a role of DATABASE_ROLES. */
      databaseUrl: string;
      /** A separate owner login for migrations and seeding (DATABASE_OWNER_URL); databaseUrl by default. */
      ownerUrl?: string;
      poolSize?: number;
      /** Overrides CONNECTION_TIMEOUT_MS and STATEMENT_TIMEOUT_MS (tests shorten them). */
      connectionTimeoutMs?: number;
      statementTimeoutMs?: number;
      /** Where lost idle connections are reported; the console by default. */
      log?: { error(object: object, message: string): void };
    }
  | { dataDir?: string; loadDataDir?: Blob | File };

/**
 * A connection string whose sessions start as `role` (PostgreSQL's `-c role=…` startup option): the
 * role is the session's default, so even RESET ROLE lands on it, never on the login. Options the
 * URL already carries are kept (pg would otherwise let them replace ours).
 */
function startingAs(
  connectionString: string,
  role: string,
  settings: Record<string, string> = {},
): { connectionString: string; options: string } {
  const url = new URL(connectionString);
  const given = url.searchParams.get('options');
  url.searchParams.delete('options');
  const ours = Object.entries({ role, ...settings }).map(([name, value]) => `-c ${name}=${value}`);
  return { connectionString: url.toString(), options: [given, ...ours].filter(Boolean).join(' ') };
}

/**
 * Requests and jobs never compile a statement to machine code. PostgreSQL's JIT starts on any plan
 * whose estimated cost passes jit_above_cost, whatever its rows, and compiling takes tens to hundreds
 * of milliseconds per execution, which our statements of a few milliseconds never pay back: on the
 * benchmark's dataset, the admins' learner list took 119 ms with it and 37 ms without at scale 1,
 * 1,008 and 81 ms at scale 5, and their trainer list 1,172 and 153 ms (bench/results). Migrations
 * and seeding (the owner's pool) keep the server's default.
 */
const NO_JIT = { jit: 'off' };

/**
 * The requests' sessions run their prepared statements (PreparingClient) on generic plans. Left to
 * itself, PostgreSQL compares a generic plan's estimated cost with the custom plans' of the first five
 * runs, and under row-level security the generic one always looks dearer: it then plans every run
 * again, which measured 0.4 to 1.3 ms of the database's CPU per request on the learner routes, more
 * than running them (issue 12; bench/results/growth-findings.md). Requests look rows up by key
 * within one organisation, so the generic plan is the custom one without its planning; the
 * EXPLAIN check (test/read-plans.test.ts) reads the plans as they run, generic ones included.
 */
const REQUEST_SESSION_SETTINGS = { plan_cache_mode: 'force_generic_plan', ...NO_JIT };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const connectionTimeoutMillis = options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS;
    const ownerUrl = options.ownerUrl ?? options.databaseUrl;
    // An idle connection that PostgreSQL closes (a restart, a failover, a network cut) is emitted
    // here; without a listener Node would crash the process. The pool has already dropped it, and
    // opens new connections once the database is back.
    const log = options.log ?? {
      error: (object: object, message: string) => console.error(message, object),
    };
    const openPool = (connection: { connectionString: string; options?: string }, max: number) => {
      const pool = new pg.Pool({
        ...connection,
        Client: PreparingClient,
        max,
        connectionTimeoutMillis,
        statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
        query_timeout: (options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS) + QUERY_TIMEOUT_MARGIN_MS,
      });
      pool.on('error', (error) => log.error({ err: error }, 'database connection lost'));
      releaseBrokenClients(pool);
      return pool;
    };
    // Requests' pool: cursus_service by default, cursus_app inside a tenant's transaction.
    const pool = openPool(
      startingAs(options.databaseUrl, DATABASE_ROLES.service, REQUEST_SESSION_SETTINGS),
      options.poolSize ?? 10,
    );
    const jobsPool = openPool(startingAs(options.databaseUrl, DATABASE_ROLES.jobs, NO_JIT), SMALL_POOL_SIZE);
    const ownerPool = openPool({ connectionString: ownerUrl }, SMALL_POOL_SIZE);
    const service = drizzleNodePg(pool) as unknown as Db;
    return wrap(
      'postgres',
      {
        owner: drizzleNodePg(ownerPool) as unknown as Db,
        service,
        jobs: drizzleNodePg(jobsPool) as unknown as Db,
      },
      {
        tenantTransaction: (settings, work) => pooledTenantTransaction(pool, settings, work),
        listen: (channel, onPayload) =>
          listenOnPostgres(startingAs(options.databaseUrl, DATABASE_ROLES.service), channel, onPayload, log),
        async migrate() {
          // A connection of its own, without the statement timeout: a migration may rewrite a table.
          const client = new pg.Client({ connectionString: ownerUrl, connectionTimeoutMillis });
          client.on('error', (error) => log.error({ err: error }, 'migration connection lost'));
          await client.connect();
          try {
            // Instances started together (a deploy) would otherwise apply the same migrations at
            // once and all but one fail; the lock makes the others wait, then find nothing to do.
            // It is the session's, so it goes with the connection even if this process dies.
            await client.query(`select pg_advisory_lock(hashtextextended('cursus:migrations', 0))`);
            await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
          } finally {
            await client.end();
          }
        },
        async close() {
          await Promise.all([pool.end(), jobsPool.end(), ownerPool.end()]);
        },
        async script(text) {
          const results = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          return Array.isArray(results) ? (results.at(-1)?.rows ?? []) : results.rows;
        },
      },
    );
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
    loadDataDir: options.loadDataDir,
    // Trigram indexes serve substring search (courses' titles); PostgreSQL ships it in contrib.
    extensions: { pg_trgm },
  });
  const owner = drizzlePglite(client) as unknown as Db;
  const database = wrap(
    'pglite',
    {
      owner,
      service: drizzlePglite({ client: pgliteAs(client, DATABASE_ROLES.service) }) as unknown as Db,
      jobs: drizzlePglite({ client: pgliteAs(client, DATABASE_ROLES.jobs) }) as unknown as Db,
    },
    {
      // In process, a round trip costs nothing: Drizzle's own transaction, role switched in its first statement.
      tenantTransaction: (settings, work) =>
        owner.transaction(async (tx) => {
          await tx.execute(sql.raw(settings));
          return work(tx);
        }),
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.close(),
      async script(text) {
        return (await client.exec(text)).at(-1)?.rows ?? [];
      },
    },
  );
  database.pglite = client;
  return database;
}

const dialect = new PgDialect();

/** The connection of each tenant transaction on PostgreSQL, for statements built once (db/reusable.ts). */
const connections = new WeakMap<Tx, pg.ClientBase>();

/** The pooled connection `tx` runs on; undefined on the embedded engine. */
export function connectionOf(tx: Tx): pg.ClientBase | undefined {
  return connections.get(tx);
}

/**
 * Drizzle's transaction on a connection of the requests' pool, begun together with the tenant's
 * settings: `begin` and the settings travel as one simple query, one round trip where Drizzle's
 * `transaction()` takes two (issue 12: every tenant request pays it). Commit, rollback and the
 * release follow Drizzle's own (drizzle-orm/node-postgres/session.js); a connection whose rollback
 * failed is discarded rather than handed to the next request in an unknown state.
 */
async function pooledTenantTransaction<T>(
  pool: pg.Pool,
  settings: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const session = new NodePgSession(client, dialect, undefined);
    const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Tx;
    connections.set(tx, client);
    try {
      await client.query(`begin; ${settings}`);
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      // A statement the database never answered is still pending on this connection: a rollback
      // would wait behind it for another query timeout. The connection is discarded instead.
      if (isQueryTimeout(error)) broken = error as Error;
      else
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** pg's error when query_timeout passed without an answer, possibly wrapped by Drizzle. */
function isQueryTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth++) {
    if (current.message === QUERY_TIMEOUT_MESSAGE) return true;
    current = current.cause;
  }
  return false;
}

/** What pg's client says when query_timeout passes (node_modules/pg/lib/client.js). */
const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/** How long a cut listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 2_000;

/**
 * LISTEN holds a connection for good, so it gets its own rather than a pool's slot. When the
 * connection is cut (a restart, a failover), it connects again and listens again; NOTIFYs sent
 * meanwhile are lost, which live updates tolerate (the web refetches on reconnection).
 */
async function listenOnPostgres(
  connection: { connectionString: string; options: string },
  channel: string,
  onPayload: (payload: string) => void,
  log: { error(object: object, message: string): void },
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      log.error({ err: error, channel }, 'listening connection lost');
      next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(() => open().catch(() => {}), LISTEN_RETRY_MS);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = next;
    } catch (error) {
      // Reported and retried like a cut: the database may come back after the server started.
      next.emit('error', error);
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}

/**
 * The embedded engine as `role`. It has one session, shared by every handle, and session settings
 * would leak between them: so each statement runs in a transaction of its own that switches role
 * transaction-locally, and so does each transaction.
 */
function pgliteAs(client: PGlite, role: string): PGlite {
  const assume = `select set_config('role', '${role}', true)`;
  const asRole: Pick<PGlite, 'query' | 'transaction'> = {
    query: (query, params, options) =>
      client.transaction(async (tx) => {
        await tx.query(assume);
        return tx.query(query, params, options);
      }),
    transaction: (work) =>
      client.transaction(async (tx) => {
        await tx.query(assume);
        return work(tx);
      }),
  };
  return asRole as PGlite;
}

/**
 * A connection cut while a client is checked out (a transaction holds it between statements) is
 * emitted on the client itself, where pg-pool listens only while it is idle: unheard, it would crash
 * the process. Heard here, the client goes back to the pool at once, which discards it (it is no
 * longer queryable), and the holder's own release becomes a no-op. Waiting for the holder is not
 * enough: Drizzle's `transaction()` never releases its client when `begin` itself fails
 * (drizzle-orm/node-postgres/session.js), so every request that met a dying connection at that
 * moment would keep a pool slot for good, until no request could get one. The statement in flight
 * fails with the connection's error, which the error handler answers with 503.
 */
function releaseBrokenClients(pool: pg.Pool) {
  const listeners = new WeakMap<pg.PoolClient, (error: Error) => void>();
  pool.on('acquire', (client) => {
    const onError = () => {
      const release = client.release;
      client.release = () => {};
      listeners.delete(client);
      release(true);
    };
    listeners.set(client, onError);
    client.once('error', onError);
  });
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    const onError = listeners.get(client);
    if (onError) client.removeListener('error', onError);
    listeners.delete(client);
  });
}

/**
 * A parameter written into SQL text. Only for values our code built and validated (ids, numbers,
 * ISO times): strings are quoted with quotes doubled, and backslashes are refused, so the result
 * reads the same whatever standard_conforming_strings says.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (/[\\\0$]/.test(text)) throw new Error('backslash, NUL or dollar in an inlined literal');
  return `'${text.replaceAll("'", "''")}'`;
}

/** Replaces $1…$n with their literals, in one pass (so `$12` is read whole, never as `$1` and a 2). */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, index: string) => literal(query.params[Number(index) - 1]));
}

/**
 * The statement that makes a transaction the tenant's: transaction-local settings only (on the
 * embedded engine's single backend, session settings would leak into the next request), and
 * setting 'role' transaction-locally is what SET LOCAL ROLE does. Inlined, so it can travel in the
 * same simple query as the `begin` (ids and roles are ours; literal() refuses anything unsafe).
 */
function tenantSettings(context: TenantContext): string {
  return `select set_config('app.user_id', ${literal(context.userId)}, true),
    set_config('app.role', ${literal(context.role)}, true),
    set_config('app.organization_id', ${literal(context.organizationId ?? '')}, true),
    set_config('role', ${literal(DATABASE_ROLES.tenant)}, true)`;
}

function wrap(
  kind: Database['kind'],
  handles: {
    owner: Db;
    service: Db;
    jobs: Db;
  },
  engine: {
    /** A transaction as cursus_app: `settings` (tenantSettings) run first, in its first round trip. */
    tenantTransaction<T>(settings: string, work: (tx: Tx) => Promise<T>): Promise<T>;
    listen: Database['listen'];
    migrate: () => Promise<void>;
    close: () => Promise<void>;
    script: (text: string) => Promise<Record<string, unknown>[]>;
  },
): Database {
  return {
    kind,
    db: handles.owner,
    service: handles.service,
    jobs: handles.jobs,
    withTenant: (context, work, options) =>
      engine.tenantTransaction(
        options?.withoutNestedLoops
          ? `${tenantSettings(context)}, set_config('enable_nestloop', 'off', true)`
          : tenantSettings(context),
        work,
      ),
    async queryAsTenant<T>(
      context: TenantContext,
      query: { sql: string; params: unknown[] },
      options: { durable?: boolean } = {},
    ) {
      const settings = `${tenantSettings(context)}, set_config('synchronous_commit', ${literal(
        options.durable === false ? 'off' : 'on',
      )}, true)`;
      return (await engine.script(`${settings};\n${inline(query)}`)) as T[];
    },
    listen: engine.listen,
    migrate: engine.migrate,
    async ping() {
      await handles.service.execute(sql`select 1`);
    },
    close: engine.close,
  };
}
