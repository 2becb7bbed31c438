import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role, SessionUser } from '@cursus/contracts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Who a request acts for; row-level security policies read these per transaction. */
export interface TenantContext {
  userId: string;
  role: Role;
  organizationId: string | null;
}

export function tenantOf(user: SessionUser): TenantContext {
  return { userId: user.id, role: user.role, organizationId: user.organizationId };
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations, auth, jobs, seeding. Bypasses row-level security. */
  db: Db;
  /** Runs `work` in a transaction as the restricted role, so policies filter every row it touches. */
  withTenant<T>(context: TenantContext, work: (tx: Tx) => Promise<T>): Promise<T>;
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
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, for tests that clone a migrated template. */
  pglite?: PGlite;
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return wrap('postgres', db, {
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
      async script(text) {
        const results = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(results) ? (results.at(-1)?.rows ?? []) : results.rows;
      },
    });
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
    loadDataDir: options.loadDataDir,
    // Trigram indexes serve substring search (courses' titles); PostgreSQL ships it in contrib.
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const database = wrap('pglite', db, {
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    async script(text) {
      return (await client.exec(text)).at(-1)?.rows ?? [];
    },
  });
  database.pglite = client;
  return database;
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

function wrap(
  kind: Database['kind'],
  db: Db,
  engine: {
    migrate: () => Promise<void>;
    close: () => Promise<void>;
    script: (text: string) => Promise<Record<string, unknown>[]>;
  },
): Database {
  return {
    kind,
    db,
    async withTenant(context, work) {
      return db.transaction(async (tx) => {
        // Transaction-local settings only: on the embedded engine's single backend, session
        // settings would leak into the next request.
        // One round trip: setting 'role' transaction-locally is what SET LOCAL ROLE does.
        await tx.execute(
          sql`select set_config('app.user_id', ${context.userId}, true),
                     set_config('app.role', ${context.role}, true),
                     set_config('app.organization_id', ${context.organizationId ?? ''}, true),
                     set_config('role', 'cursus_app', true)`,
        );
        return work(tx);
      });
    },
    async queryAsTenant<T>(
      context: TenantContext,
      query: { sql: string; params: unknown[] },
      options: { durable?: boolean } = {},
    ) {
      const settings = inline({
        sql: `select set_config('app.user_id', $1, true), set_config('app.role', $2, true),
          set_config('app.organization_id', $3, true), set_config('role', 'cursus_app', true),
          set_config('synchronous_commit', $4, true)`,
        params: [
          context.userId,
          context.role,
          context.organizationId ?? '',
          options.durable === false ? 'off' : 'on',
        ],
      });
      return (await engine.script(`${settings};\n${inline(query)}`)) as T[];
    },
    migrate: engine.migrate,
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: engine.close,
  };
}
