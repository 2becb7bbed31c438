import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@cursus/contracts';
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

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations, auth, jobs, seeding. Bypasses row-level security. */
  db: Db;
  /** Runs `work` in a transaction as the restricted role, so policies filter every row it touches. */
  withTenant<T>(context: TenantContext, work: (tx: Tx) => Promise<T>): Promise<T>;
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
  });
  database.pglite = client;
  return database;
}

function wrap(
  kind: Database['kind'],
  db: Db,
  engine: { migrate: () => Promise<void>; close: () => Promise<void> },
): Database {
  return {
    kind,
    db,
    async withTenant(context, work) {
      return db.transaction(async (tx) => {
        // Transaction-local settings only: on the embedded engine's single backend, session
        // settings would leak into the next request.
        await tx.execute(
          sql`select set_config('app.user_id', ${context.userId}, true),
                     set_config('app.role', ${context.role}, true),
                     set_config('app.organization_id', ${context.organizationId ?? ''}, true)`,
        );
        await tx.execute(sql`set local role cursus_app`);
        return work(tx);
      });
    },
    migrate: engine.migrate,
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: engine.close,
  };
}
