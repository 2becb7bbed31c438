import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { connectionOf, type Db, type Tx } from './client.ts';

/** The connection a reusable statement runs on: its caller's, whatever else runs meanwhile. */
const running = new AsyncLocalStorage<pg.ClientBase>();

/**
 * A Drizzle database whose prepared statements run on the connection of the transaction that
 * executes them: Drizzle binds a prepared query to the session it was built in, and a request's
 * transaction lives only as long as the request.
 */
const routed = drizzleNodePg({
  client: {
    query: (...args: unknown[]) => (running.getStore()!.query as (...rest: unknown[]) => unknown)(...args),
  } as unknown as pg.Pool,
}) as unknown as Db;

interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/** Reusable statements are named apart from PreparingClient's `s…` names, one name per text. */
let statements = 0;

/**
 * A statement built once and run in any tenant transaction with new values: what changes from one
 * call to the next goes through `sql.placeholder(name)` and `values`. Drizzle otherwise builds a
 * statement's text at every call, 100 to 200 µs of the server's CPU for a formation list, as much
 * as the rest of such a request (issue 12, bench/README.md). On the embedded engine, in process and
 * for development, the statement is built at each call as before.
 */
export function reusable<Result>(build: (db: Db) => Preparable<Result>) {
  statements += 1;
  const name = `r${statements}`;
  let prepared: ReturnType<Preparable<Result>['prepare']> | undefined;
  return (tx: Tx, values: Record<string, unknown> = {}): Promise<Result> => {
    const connection = connectionOf(tx);
    if (!connection)
      return build(tx as unknown as Db)
        .prepare(name)
        .execute(values);
    prepared ??= build(routed).prepare(name);
    const statement = prepared;
    return running.run(connection, () => statement.execute(values));
  };
}

/**
 * reusable() for a statement whose text depends on a shape (which filters it has, its order): one
 * statement per shape, built the first time that shape is asked for. A shape is a small object of
 * flags and names, so there are few of them.
 */
export function reusableByShape<Shape, Result>(build: (shape: Shape) => (db: Db) => Preparable<Result>) {
  const statements = new Map<string, ReturnType<typeof reusable<Result>>>();
  return (shape: Shape) => {
    const key = JSON.stringify(shape);
    let statement = statements.get(key);
    if (!statement) {
      statement = reusable(build(shape));
      statements.set(key, statement);
    }
    return statement;
  };
}
