import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { DATABASE_ROLES, type Database, openDatabase } from '../src/db/client.ts';
import { APP_URL, cookieHeader, ENGINE, signIn } from './helper.ts';

/**
 * Issue 12, point 5: the main read paths never scan a large table whole. A small dataset from the
 * benchmark's generator is loaded, the routes are called as a learner and a trainer, and every
 * statement they send to the database is explained under the same role and tenant settings.
 *
 * At this size (a few thousand rows) a sequential scan is often the cheapest plan and PostgreSQL
 * rightly picks it, which would hide nothing and prove nothing. So the plans are made with
 * `enable_seqscan = off`: the planner then takes an index whenever one can serve the query, and a
 * sequential scan left in the plan (or an index read end to end, without a condition) means no
 * index fits, which is what grows with the data. PostgreSQL only: the generator's bulk SQL and the
 * plans are the production engine's.
 */
const LARGE_TABLES = new Set([
  'user_time_tracking',
  'sign_in_logs',
  'course_enrollments',
  'lesson_completions',
  'notifications',
]);
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Captured {
  text: string;
  values: unknown[];
  /** Whether it ran inside a tenant's transaction (as cursus_app) rather than as cursus_service. */
  asTenant: boolean;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** A parameter as PostgreSQL reads it in text: arrays as array literals, dates in ISO 8601. */
function asText(value: unknown): string {
  if (Array.isArray(value))
    return `{${value.map((item) => `"${asText(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Scans of a large table that read all of it: sequential, or an index walked without a condition. */
function fullScans(node: PlanNode, found: string[] = []): string[] {
  const relation = node['Relation Name'];
  if (relation && LARGE_TABLES.has(relation)) {
    if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${relation}`);
    else if (/Index/.test(node['Node Type']) && !node['Index Cond'])
      found.push(`${node['Node Type']} on ${relation} using ${node['Index Name']} without a condition`);
  }
  for (const child of node.Plans ?? []) fullScans(child, found);
  return found;
}

describe.skipIf(ENGINE !== 'postgres')('read paths on a seeded database (PostgreSQL only)', () => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/none');
  let databaseUrl: string;
  let database: Database;
  let app: FastifyInstance;
  let explainer: pg.Client;
  let password = '';
  const captured: Captured[] = [];
  const originalQuery = pg.Client.prototype.query;

  beforeAll(async () => {
    const name = `cursus_test_${inject('runId')}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/src/dataset/seed-cli.ts', '--scale', '0.02', '--database-url', databaseUrl],
      { cwd: ROOT },
    );
    password = /password of every account: (\S+)/.exec(stdout)?.[1] ?? '';
    database = await openDatabase({ databaseUrl, poolSize: 4 });
    ({ app } = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', APP_URL, LOG_LEVEL: 'silent' }),
      database,
      secret: 'test-secret-test-secret-test-secret-0123',
      logger: false,
      webDist: '/nonexistent',
    }));
    explainer = new pg.Client({ connectionString: databaseUrl });
    await explainer.connect();
    // Every statement of every pool client, and whether a tenant's transaction was open on it.
    const tenantClients = new WeakSet<object>();
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text: string; values?: unknown[] };
      const text = typeof first === 'string' ? first : first.text;
      // Drizzle passes its parameters beside the query object, pg's own callers inside it.
      const values = ((typeof first === 'object' && first.values) || args[1]) as unknown[] | undefined;
      if (this !== explainer && typeof text === 'string') {
        if (/set_config\('role'/.test(text)) tenantClients.add(this);
        captured.push({ text, values: values ?? [], asTenant: tenantClients.has(this) });
        if (/^\s*(commit|rollback)/i.test(text)) tenantClients.delete(this);
      }
      return (originalQuery as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  }, 120_000);

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await explainer?.end();
    await app?.close();
    await database?.close();
  });

  async function session(userId: string) {
    const { rows } = await explainer.query<{ email: string; role: string; organization_id: string }>(
      'select email, role, organization_id from profiles where id = $1',
      [userId],
    );
    const profile = rows[0]!;
    const response = await signIn(app, profile.email, password);
    expect(response.statusCode, response.body).toBe(200);
    return {
      cookie: cookieHeader(response),
      userId,
      role: profile.role,
      organizationId: profile.organization_id,
    };
  }

  /** The statements `url` sends, each with its plan's full scans of large tables. */
  async function planOf(who: Awaited<ReturnType<typeof session>>, url: string) {
    captured.length = 0;
    const response = await app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    const statements = captured.splice(0);
    const findings: string[] = [];
    let explained = 0;
    for (const statement of statements) {
      // A tenant's one-round-trip query carries its settings first (Database.queryAsTenant).
      const text = statement.text.includes("set_config('role'")
        ? statement.text
            .split(/;\s*\n/)
            .slice(1)
            .join(';\n')
        : statement.text;
      if (!/^\s*(select|with)\b/i.test(text) || ![...LARGE_TABLES].some((table) => text.includes(table)))
        continue;
      await explainer.query('begin');
      try {
        await explainer.query('set local enable_seqscan = off');
        await explainer.query(
          `select set_config('app.user_id', $1, true), set_config('app.role', $2, true),
            set_config('app.organization_id', $3, true), set_config('role', $4, true)`,
          [
            who.userId,
            who.role,
            who.organizationId,
            statement.asTenant ? DATABASE_ROLES.tenant : DATABASE_ROLES.service,
          ],
        );
        // The requests' sessions run generic plans (client.ts, REQUEST_SESSION_SETTINGS): the plan
        // made without the values is the one explained, as a prepared statement executed with them.
        await explainer.query('set local plan_cache_mode = force_generic_plan');
        const values =
          statement.asTenant || !statement.text.includes("set_config('role'") ? statement.values : [];
        await explainer.query(`prepare read_plan as ${text}`);
        // EXPLAIN EXECUTE takes no parameters of its own: the values go in as literals.
        const literals = values.map((value) =>
          value === null ? 'null' : explainer.escapeLiteral(asText(value)),
        );
        const { rows } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) execute read_plan${literals.length > 0 ? `(${literals.join(', ')})` : ''}`,
        );
        explained += 1;
        for (const scan of fullScans(rows[0]!['QUERY PLAN'][0].Plan)) {
          findings.push(`${scan}\n    in: ${text.replace(/\s+/g, ' ').slice(0, 240)}`);
        }
      } finally {
        await explainer.query('rollback');
        await explainer.query('deallocate all');
      }
    }
    return { explained, findings };
  }

  it('reads the learner’s formations, Mon Suivi, progression and notifications through indexes', async () => {
    const learner = await session('gen-l-1');
    const { rows } = await explainer.query<{ course_id: string }>(
      'select course_id from course_enrollments where student_id = $1 limit 1',
      [learner.userId],
    );
    const report: Record<string, string[]> = {};
    let explained = 0;
    for (const url of [
      '/api/learning/courses',
      `/api/learning/courses/${rows[0]!.course_id}`,
      '/api/learning/progression',
      '/api/time-tracking/dashboard',
      '/api/time-tracking/me',
      '/api/notifications',
      '/api/notifications/unread-count',
    ]) {
      const plan = await planOf(learner, url);
      explained += plan.explained;
      report[url] = plan.findings;
    }
    expect(explained).toBeGreaterThan(5);
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((url) => [url, []])));
  });

  it('reads the trainer’s formations, learner list and connection logs through indexes', async () => {
    const trainer = await session('gen-t-1');
    const report: Record<string, string[]> = {};
    let explained = 0;
    for (const url of [
      '/api/courses',
      '/api/organizations/students',
      '/api/time-tracking/connection-logs',
      '/api/time-tracking/connection-logs?page=3',
      '/api/notifications',
    ]) {
      const plan = await planOf(trainer, url);
      explained += plan.explained;
      report[url] = plan.findings;
    }
    expect(explained).toBeGreaterThan(2);
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((url) => [url, []])));
  });
});
