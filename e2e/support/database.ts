import pg from 'pg';

/**
 * Journeys run their servers on PostgreSQL when TEST_DATABASE_URL names a database next to which
 * they may create their own (CI sets it), else on the embedded engine as `npm start` does. On
 * PostgreSQL the demo is seeded once into a template database and each spec file's server gets a
 * copy of it (CREATE DATABASE … TEMPLATE, a file copy): the server then spends its time on
 * requests rather than on the embedded engine's single backend, and files can run side by side.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

export function isOnPostgres(): boolean {
  return Boolean(POSTGRES_URL);
}

/** The URL of database `name` on the TEST_DATABASE_URL server. */
export function databaseUrl(name: string): string {
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function administer(statement: string, values: string[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

// Names are made here from [a-z0-9_] only, so quoting them is enough.
const NAME = /^[a-z0-9_]{1,63}$/;
function checked(name: string): string {
  if (!NAME.test(name)) throw new Error(`Unexpected database name ${name}`);
  return name;
}

export async function createDatabase(name: string, template?: string): Promise<void> {
  await administer(`create database "${checked(name)}"${template ? ` template "${checked(template)}"` : ''}`);
}

export async function dropDatabase(name: string): Promise<void> {
  await administer(`drop database if exists "${checked(name)}" with (force)`);
}

/**
 * Drops `template` and every database made from it (named `<template>_…`, see server.ts), all at
 * once: PostgreSQL 15 makes each DROP DATABASE wait for a checkpoint, and drops waiting together
 * share one. One after another, at the end of each spec file, they cost 1.4 s each on average in a
 * run of the journeys on a 2-core machine, and up to 33 s while another program was writing.
 */
export async function dropDatabaseAndCopies(template: string): Promise<void> {
  const { rows } = await administer('select datname from pg_database where starts_with(datname, $1)', [
    `${checked(template)}_`,
  ]);
  await Promise.all(rows.map((row: { datname: string }) => dropDatabase(row.datname)));
  await dropDatabase(template);
}
