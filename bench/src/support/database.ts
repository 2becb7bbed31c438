import pg from 'pg';

/** The PostgreSQL server the benchmarks use, as a superuser (they create and drop databases). */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the benchmark server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A connection to the benchmark server's maintenance database, for creating and dropping. */
export async function connectAdmin(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  return admin;
}

export async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return rowCount === 1;
}

/** Drops `name` (closing its connections) and creates it empty; answers its URL. */
export async function recreateDatabase(admin: pg.Client, name: string): Promise<string> {
  await dropDatabase(admin, name);
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  return databaseUrl(name);
}

export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
}
