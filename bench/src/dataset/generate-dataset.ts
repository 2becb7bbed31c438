/**
 * The large dataset (issue 12, point 3): organisations, trainers, learners, formations with modules
 * and lessons, enrolments with progress and completions, time-tracking sessions (online and offline,
 * with their leases) and totals, sign-in logs and notifications, as the real schema holds them.
 *
 * Every row is computed inside the database (INSERT … SELECT over generate_series), so one code path
 * serves PostgreSQL and the embedded engine and a million sessions load without a round trip each.
 * Randomness is `hashint8extended(row key, seed)`, a hash PostgreSQL keeps stable across versions
 * (hash partitioning relies on it): the same seed, scale and `asOf` give the same rows, whatever
 * the order or parallelism the planner picks. Ids are derived from row numbers for the same reason.
 */
import { createHash, scryptSync } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../apps/server/src/db/client.ts';
import {
  CITIES,
  FIRST_NAMES,
  FORMATION_LEVELS,
  FORMATION_TOPICS,
  LAST_NAMES,
  LESSON_SENTENCES,
  LESSON_TITLES,
  MODULE_TITLES,
  NOTIFICATIONS,
  ORGANIZATION_PREFIXES,
  PARIS_HOUR_WEIGHTS,
  USER_AGENTS,
} from './french-data.ts';

/** Every generated account signs in with this password (it meets SPEC 5's rules). */
export const DATASET_PASSWORD = 'Cursus-Banc-2025!';

/**
 * The statement timeout a loading database's pools need (openDatabase's statementTimeoutMs): a
 * million rows take minutes in one statement, where requests' 15 s (STATEMENT_TIMEOUT_MS) and the
 * pools' client-side wait just above it would cut the load short.
 */
export const DATASET_STATEMENT_TIMEOUT_MS = 60 * 60_000;

/** How many of each, for a scale: scale 1 is the 100 / 10,000 / 1,000 / 1,000,000. */
export interface DatasetPlan {
  scale: number;
  organizations: number;
  trainersPerOrganization: number;
  learners: number;
  formations: number;
  sessions: number;
  notificationsPerLearner: number;
}

export function planDataset(scale: number): DatasetPlan {
  if (!(scale > 0) || scale > 50) throw new Error(`scale must be above 0 and at most 50, not ${scale}`);
  const organizations = Math.max(1, Math.round(100 * scale));
  return {
    scale,
    organizations,
    trainersPerOrganization: 3,
    learners: Math.max(10 * organizations, Math.round(10_000 * scale)),
    formations: Math.max(2 * organizations, Math.round(1_000 * scale)),
    sessions: Math.max(1, Math.round(1_000_000 * scale)),
    notificationsPerLearner: 20,
  };
}

export interface DatasetOptions {
  scale: number;
  /** The PRNG's seed: the same seed gives the same dataset. */
  seed?: number;
  /** The instant the history ends at (sessions, sign-ins, notifications lie before it); now by default. */
  asOf?: Date;
  log?: (line: string) => void;
}

export interface DatasetSummary {
  plan: DatasetPlan;
  /** Rows per table, counted after loading. */
  rows: Record<string, number>;
  /** Seconds per step, in order. */
  steps: { name: string; seconds: number }[];
  accounts: { learners: string[]; trainers: string[] };
}

/** Tables the generator fills, in the order it fills them. */
export const DATASET_TABLES = [
  'organizations',
  'auth_users',
  'auth_accounts',
  'profiles',
  'user_roles',
  'time_tracking_settings',
  'courses',
  'course_modules',
  'course_lessons',
  'course_enrollments',
  'lesson_completions',
  'user_time_tracking',
  'offline_leases',
  'user_total_time',
  'sign_in_logs',
  'notifications',
] as const;

/**
 * better-auth's password hash (@better-auth/utils/password: scrypt N=16384 r=16 p=1, 64 bytes,
 * `salt:key` in hex), computed once for every account: hashing 10,000 passwords would take minutes.
 * The salt comes from the seed so the dataset stays deterministic.
 */
export function hashDatasetPassword(password: string, seed: number): string {
  const salt = createHash('sha256').update(`cursus-dataset-${seed}`).digest('hex').slice(0, 32);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, {
    N: 16384,
    r: 16,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return `${salt}:${key.toString('hex')}`;
}

/** Lower-case ASCII for e-mail addresses: accents dropped, anything else a hyphen. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `text[]` literal of a word list, as one parameter (drizzle would spread a JS array into many). */
function textArray(values: readonly string[]): SQL {
  return sql`${JSON.stringify(values)}::jsonb`;
}

/** The email of generated learner `n` / trainer `n`, as the SQL below builds it. */
export function learnerEmail(index: number): string {
  const first = slug(FIRST_NAMES[(index * 7) % FIRST_NAMES.length]!);
  const last = slug(LAST_NAMES[(index * 13) % LAST_NAMES.length]!);
  return `${first}.${last}.${index}@apprenants.cursus.example`;
}

export function trainerEmail(index: number): string {
  const first = slug(FIRST_NAMES[(index * 11) % FIRST_NAMES.length]!);
  const last = slug(LAST_NAMES[(index * 17) % LAST_NAMES.length]!);
  return `${first}.${last}.${index}@formateurs.cursus.example`;
}

/**
 * Loads the dataset into a migrated, empty database, on the owner connection (row-level security is
 * forced on tenant tables: the owner must be a superuser or bypass it, as the benchmarks' is).
 */
export async function generateDataset(database: Database, options: DatasetOptions): Promise<DatasetSummary> {
  const plan = planDataset(options.scale);
  const seed = Math.trunc(options.seed ?? 1);
  const asOf = options.asOf ?? new Date();
  const log = options.log ?? (() => {});
  const steps: DatasetSummary['steps'] = [];
  const passwordHash = hashDatasetPassword(DATASET_PASSWORD, seed);
  const O = sql.raw(String(plan.organizations));
  const L = sql.raw(String(plan.learners));
  const T = sql.raw(String(plan.organizations * plan.trainersPerOrganization));
  const F = sql.raw(String(plan.formations));
  const S = sql.raw(String(plan.sessions));
  const at = sql`${asOf.toISOString()}::timestamptz`;
  // Hours of the Paris day, each repeated by its weight: a uniform pick from it follows the weights.
  const hours = PARIS_HOUR_WEIGHTS.flatMap((weight, hour) => Array<number>(weight).fill(hour));

  await database.db.transaction(async (tx) => {
    const step = async (name: string, statement: SQL) => {
      const started = performance.now();
      await tx.execute(statement);
      const seconds = (performance.now() - started) / 1000;
      steps.push({ name, seconds });
      log(`  ${name}: ${seconds.toFixed(1)} s`);
    };
    // r(key, salt): a uniform number in [0, 1) for a row key; salts keep the columns independent.
    await tx.execute(
      sql.raw(`create or replace function pg_temp.r(key bigint, salt int) returns double precision
      language sql immutable as $$ select (hashint8extended(key, ${seed}::bigint * 1000 + salt)
        & 9007199254740991)::double precision / 9007199254740992 $$`),
    );
    // Ids from row numbers: kind (the table) and the row's number, in a valid version-4 layout.
    await tx.execute(
      sql.raw(`create or replace function pg_temp.uid(kind int, n bigint) returns uuid language sql immutable
      as $$ select (lpad(to_hex(kind), 8, '0') || '-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid $$`),
    );
    await tx.execute(sql`create temporary table words on commit drop as select
      array(select jsonb_array_elements_text(${textArray(FIRST_NAMES)})) as first_names,
      array(select jsonb_array_elements_text(${textArray(FIRST_NAMES.map(slug))})) as first_slugs,
      array(select jsonb_array_elements_text(${textArray(LAST_NAMES)})) as last_names,
      array(select jsonb_array_elements_text(${textArray(LAST_NAMES.map(slug))})) as last_slugs,
      array(select jsonb_array_elements_text(${textArray(CITIES)})) as cities,
      array(select jsonb_array_elements_text(${textArray(ORGANIZATION_PREFIXES)})) as prefixes,
      array(select jsonb_array_elements_text(${textArray(FORMATION_TOPICS)})) as topics,
      array(select jsonb_array_elements_text(${textArray(FORMATION_LEVELS)})) as levels,
      array(select jsonb_array_elements_text(${textArray(MODULE_TITLES)})) as module_titles,
      array(select jsonb_array_elements_text(${textArray(LESSON_TITLES)})) as lesson_titles,
      array(select jsonb_array_elements_text(${textArray(LESSON_SENTENCES)})) as sentences,
      array(select jsonb_array_elements_text(${textArray(USER_AGENTS)})) as agents,
      array(select jsonb_array_elements_text(${textArray(NOTIFICATIONS.map((n) => n.type))})) as notification_types,
      array(select jsonb_array_elements_text(${textArray(NOTIFICATIONS.map((n) => n.notificationType))})) as notification_tabs,
      array(select jsonb_array_elements_text(${textArray(NOTIFICATIONS.map((n) => JSON.stringify(n.metadata)))})) as notification_metadata,
      array(select (jsonb_array_elements_text(${JSON.stringify(hours)}::jsonb))::int) as hours,
      (${at} at time zone 'Europe/Paris')::date as today`);
    // pick(array, u): the element a uniform u in [0, 1) falls on.
    const pick = (array: string, u: string) =>
      sql.raw(`(${array})[1 + floor((${u}) * cardinality(${array}))::int]`);
    const learnerOrg = (g: string) => `(1 + (${g} - 1) % ${plan.organizations})`;

    await step(
      'organisations',
      sql`insert into organizations (id, name, created_at)
        select pg_temp.uid(1, o), ${pick('w.prefixes', 'pg_temp.r(o, 1)')} || ' ' || w.cities[1 + (o - 1) % cardinality(w.cities)],
          ${at} - make_interval(days => 400 + floor(pg_temp.r(o, 2) * 1000)::int)
        from generate_series(1, ${O}) o, words w`,
    );
    // Accounts: learners `gen-l-N` and trainers `gen-t-N`; names as learnerEmail/trainerEmail pick them.
    await tx.execute(sql`create temporary table people on commit drop as
      select 'gen-l-' || g as id, 'student' as role, ${sql.raw(learnerOrg('g'))} as org,
        w.first_names[1 + (g * 7) % cardinality(w.first_names)] as first_name,
        w.last_names[1 + (g * 13) % cardinality(w.last_names)] as last_name,
        w.first_slugs[1 + (g * 7) % cardinality(w.first_names)] || '.' || w.last_slugs[1 + (g * 13) % cardinality(w.last_names)]
          || '.' || g || '@apprenants.cursus.example' as email,
        ${at} - make_interval(days => 30 + floor(pg_temp.r(g, 3) * 300)::int) as created_at,
        case when pg_temp.r(g, 4) < 0.05 then 'en' else 'fr' end as language
      from generate_series(1, ${L}) g, words w
      union all
      select 'gen-t-' || t, 'trainer', 1 + (t - 1) % ${O},
        w.first_names[1 + (t * 11) % cardinality(w.first_names)], w.last_names[1 + (t * 17) % cardinality(w.last_names)],
        w.first_slugs[1 + (t * 11) % cardinality(w.first_names)] || '.' || w.last_slugs[1 + (t * 17) % cardinality(w.last_names)]
          || '.' || t || '@formateurs.cursus.example',
        ${at} - make_interval(days => 400), 'fr'
      from generate_series(1, ${T}) t, words w`);
    await step(
      'accounts',
      sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
        select id, first_name || ' ' || last_name, email, true, created_at, created_at from people`,
    );
    await step(
      'credentials',
      sql`insert into auth_accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
        select 'acc-' || id, id, 'credential', id, ${passwordHash}, created_at, created_at from people`,
    );
    await step(
      'profiles and roles',
      sql`with p as (
          insert into profiles (id, email, full_name, first_name, last_name, role, organization_id, language, created_at, updated_at)
          select id, email, first_name || ' ' || last_name, first_name, last_name, role, pg_temp.uid(1, org), language,
            created_at, created_at from people returning id, role, created_at)
        insert into user_roles (user_id, role, created_at) select id, role, created_at from p`,
    );
    await step(
      'time-tracking settings',
      sql`insert into time_tracking_settings (organization_id, weekly_goal_hours, updated_at)
        select pg_temp.uid(1, o), (array[15, 20, 20, 20, 25, 35])[1 + floor(pg_temp.r(o, 5) * 6)::int], ${at} - interval '200 days'
        from generate_series(1, ${O}) o`,
    );
    // Formation f belongs to organisation 1 + (f-1) % O, as its j-th (j = (f-1) / O); of each
    // organisation's n formations, the last tenth (the newest) are drafts, so the first is published.
    await tx.execute(sql`create temporary table formations on commit drop as
      select f, 1 + (f - 1) % ${O} as org, (f - 1) / ${O} as j, (${F} - (1 + (f - 1) % ${O})) / ${O} + 1 as n
      from generate_series(1, ${F}) f`);
    await step(
      'formations',
      sql`insert into courses (id, organization_id, title, description, category, objectives, prerequisites, audience,
          duration_hours, modality, teaching_methods, assessment_methods, accessibility, price_cents, status,
          created_by, created_at, updated_at)
        select pg_temp.uid(2, f), pg_temp.uid(1, org),
          ${pick('w.topics', 'pg_temp.r(f, 6)')} || ' : ' || ${pick('w.levels', 'pg_temp.r(f, 7)')},
          'Une formation pratique, animée par des professionnels du métier, pour progresser rapidement.',
          (array['Bureautique', 'Management', 'Langues', 'Sécurité', 'Numérique', 'Métiers'])[1 + floor(pg_temp.r(f, 8) * 6)::int],
          'Maîtriser les notions essentielles et les appliquer en situation professionnelle.',
          'Aucun prérequis.', 'Salariés, demandeurs d’emploi et indépendants.',
          (7 * (1 + floor(pg_temp.r(f, 9) * 5)))::numeric,
          (array['in_person', 'distance', 'blended'])[1 + floor(pg_temp.r(f, 10) * 3)::int],
          'Apports théoriques, démonstrations et exercices.', 'Quiz et mise en situation finale.',
          'Locaux accessibles aux personnes à mobilité réduite ; nous contacter pour toute adaptation.',
          (50000 + floor(pg_temp.r(f, 11) * 250000))::int / 100 * 100,
          case when j < n - n / 10 then 'published' else 'draft' end,
          'gen-t-' || org, ${at} - make_interval(days => 30 + (n - j) * 20), ${at} - make_interval(days => (n - j) * 5)
        from formations, words w`,
    );
    // Three to six modules a formation, two to five lessons a module.
    await tx.execute(sql`create temporary table modules on commit drop as
      select f, org, m, f * 10 + m as key from formations, generate_series(1, 3 + floor(pg_temp.r(f, 12) * 4)::int) m`);
    await step(
      'modules',
      sql`insert into course_modules (id, organization_id, course_id, title, position, created_at, updated_at)
        select pg_temp.uid(3, key), pg_temp.uid(1, org), pg_temp.uid(2, f),
          'Module ' || m || ' : ' || w.module_titles[1 + (m - 1) % cardinality(w.module_titles)], m - 1,
          ${at} - interval '300 days', ${at} - interval '300 days'
        from modules, words w`,
    );
    await tx.execute(sql`create temporary table lessons on commit drop as
      select f, org, m, key as module_key, l, key * 10 + l as key,
        row_number() over (partition by f order by m, l) as rank,
        count(*) over (partition by f) as total
      from modules, generate_series(1, 2 + floor(pg_temp.r(key, 13) * 4)::int) l`);
    await step(
      'lessons',
      sql`insert into course_lessons (id, organization_id, course_id, module_id, title, type, estimated_minutes, position,
          content, created_at, updated_at)
        select pg_temp.uid(4, key), pg_temp.uid(1, org), pg_temp.uid(2, f), pg_temp.uid(3, module_key),
          ${pick('w.lesson_titles', 'pg_temp.r(key, 14)')}, kind, 5 + floor(pg_temp.r(key, 15) * 6)::int * 5, l - 1,
          case kind
            when 'text' then jsonb_build_object('type', 'text', 'html',
              '<h2>' || ${pick('w.lesson_titles', 'pg_temp.r(key, 14)')} || '</h2>' ||
              (select string_agg('<p>' || w.sentences[1 + (i + key) % cardinality(w.sentences)] || ' ' ||
                w.sentences[1 + (i * 3 + key) % cardinality(w.sentences)] || '</p>', '')
               from generate_series(1, 4 + floor(pg_temp.r(key, 16) * 8)::int) i))
            when 'video' then jsonb_build_object('type', 'video', 'source', 'embed', 'provider', 'youtube',
              'videoId', substr(md5(key::text), 1, 11))
            else jsonb_build_object('type', 'link', 'url', 'https://www.service-public.fr/particuliers/vosdroits/F' || (10000 + key % 90000))
          end,
          ${at} - interval '300 days', ${at} - interval '300 days'
        from (select *, case when pg_temp.r(key, 17) < 0.7 then 'text' when pg_temp.r(key, 17) < 0.85 then 'video' else 'link' end as kind
              from lessons) lessons, words w`,
    );
    // Each learner follows one to four of their organisation's published formations (k-th of them
    // from a random start, so never twice the same) and has completed a random share of its lessons.
    await tx.execute(sql`create temporary table enrolments on commit drop as
      select row_number() over (order by g, k) as e, g, k, learners.org, f.f, pg_temp.r(g * 10 + k, 18) as share,
        count(*) over (partition by g) as per_learner
      from (select g, ${sql.raw(learnerOrg('g'))} as org from generate_series(1, ${L}) g) learners
      cross join lateral (select n - n / 10 as published from formations x where x.org = learners.org and x.j = 0) p
      cross join lateral generate_series(1, 1 + floor(pg_temp.r(g, 19) * least(4, p.published))::int) k
      join formations f on f.org = learners.org
        and f.j = (floor(pg_temp.r(g, 20) * p.published)::int + k - 1) % p.published`);
    await step(
      'enrolments',
      sql`insert into course_enrollments (id, organization_id, course_id, student_id, progress, enrolled_by, created_at, updated_at)
        select pg_temp.uid(5, e), pg_temp.uid(1, org), pg_temp.uid(2, f), 'gen-l-' || g,
          round(100.0 * floor(share * (t.total + 1))::int / t.total)::int, 'gen-t-' || org,
          ${at} - make_interval(days => 20 + floor(pg_temp.r(e, 21) * 160)::int), ${at} - make_interval(days => floor(pg_temp.r(e, 22) * 20)::int)
        from enrolments join (select distinct f, total from lessons) t using (f)`,
    );
    await step(
      'lesson completions',
      sql`insert into lesson_completions (id, organization_id, course_id, lesson_id, student_id, completed_at)
        select pg_temp.uid(6, e * 100 + l.rank), pg_temp.uid(1, en.org), pg_temp.uid(2, en.f), pg_temp.uid(4, l.key), 'gen-l-' || en.g,
          ${at} - make_interval(days => 1 + floor(pg_temp.r(e * 100 + l.rank, 23) * 19)::int, mins => (l.total - l.rank)::int * 37)
        from enrolments en join lessons l on l.f = en.f and l.rank <= floor(en.share * (l.total + 1))`,
    );
    // Sessions: learner s % L, on one of the last 180 Paris days (weekend days mostly moved to one
    // of the five weekdays before), starting at an hour drawn from PARIS_HOUR_WEIGHTS, 5 min to about 2 h long,
    // on one of the learner's formations (or none, 15 %); 8 % declared offline.
    await tx.execute(sql`create temporary table sessions on commit drop as
      select s, g, ${sql.raw(learnerOrg('g'))} as org, start, start + make_interval(secs => duration) as finish, duration,
        case when pg_temp.r(s, 24) < 0.08 then 'offline' else 'online' end as source,
        case when pg_temp.r(s, 25) < 0.15 then null else 1 + floor(pg_temp.r(s, 26) * 4)::int end as k
      from (
        select s, g, duration,
          (day + make_interval(hours => w.hours[1 + floor(pg_temp.r(s, 27) * cardinality(w.hours))::int],
            mins => floor(pg_temp.r(s, 28) * 60)::int)) at time zone 'Europe/Paris' as start
        from (
          select s, 1 + (s - 1) % ${L} as g, 300 + floor(pg_temp.r(s, 29) ^ 2 * 7200)::int as duration,
            w.today - floor(pg_temp.r(s, 30) * 180)::int
              - case when pg_temp.r(s, 31) < 0.75 and extract(isodow from w.today - floor(pg_temp.r(s, 30) * 180)::int) > 5
                  then extract(isodow from w.today - floor(pg_temp.r(s, 30) * 180)::int)::int - 5 + floor(pg_temp.r(s, 41) * 5)::int
                  else 0 end as day
          from generate_series(1, ${S}) s, words w
        ) d, words w
      ) timed
      where start + make_interval(secs => duration) < ${at}`);
    await step(
      'time-tracking sessions',
      sql`insert into user_time_tracking (id, organization_id, user_id, course_id, session_start, session_end,
          duration_seconds, last_activity_at, source, created_at)
        select pg_temp.uid(7, s), pg_temp.uid(1, ss.org), 'gen-l-' || ss.g, pg_temp.uid(2, en.f), start, finish,
          duration, finish, source, case when source = 'offline' then finish + interval '2 hours' else start end
        from sessions ss
        left join enrolments en on en.g = ss.g and en.k = 1 + (ss.k - 1) % en.per_learner`,
    );
    // A few learners are online now: one open session each, heartbeating.
    await step(
      'open sessions',
      sql`insert into user_time_tracking (id, organization_id, user_id, session_start, duration_seconds, last_activity_at, created_at)
        select pg_temp.uid(8, g), pg_temp.uid(1, ${sql.raw(learnerOrg('g'))}), 'gen-l-' || g, start, 0, ${at} - interval '20 seconds', start
        from (select g, ${at} - make_interval(mins => 5 + floor(pg_temp.r(g, 32) * 50)::int) as start
              from generate_series(1, ${L}) g where pg_temp.r(g, 33) < 0.03) opened`,
    );
    // Offline time is declared under a lease: one per offline session of the last 30 days (older
    // ones are purged daily), issued by the online start before it and used up to its end.
    await step(
      'offline leases',
      sql`insert into offline_leases (id, organization_id, user_id, course_id, issued_at, expires_at, used_until)
        select pg_temp.uid(9, s), pg_temp.uid(1, ss.org), 'gen-l-' || ss.g, null,
          start - interval '1 hour', finish + interval '1 hour', finish
        from sessions ss where source = 'offline' and finish > ${at} - interval '30 days'`,
    );
    await step(
      'time totals',
      sql`insert into user_total_time (user_id, organization_id, total_time_seconds, total_hours, remaining_minutes, updated_at)
        select 'gen-l-' || g, pg_temp.uid(1, min(org)), sum(duration), sum(duration) / 3600, sum(duration) % 3600 / 60, max(finish)
        from sessions group by g`,
    );
    // Sign-ins: before two sessions in five, and trainers' working days.
    await step(
      'sign-in logs',
      sql`insert into sign_in_logs (id, user_id, organization_id, user_role, ip_address, user_agent, created_at)
        select pg_temp.uid(10, s), 'gen-l-' || g, pg_temp.uid(1, org), 'student',
          '10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256,
          ${pick('w.agents', 'pg_temp.r(g, 34)')}, start - interval '40 seconds'
        from sessions, words w where pg_temp.r(s, 35) < 0.4
        union all
        select pg_temp.uid(11, t * 1000 + d), 'gen-t-' || t, pg_temp.uid(1, 1 + (t - 1) % ${O}), 'trainer',
          '192.168.' || t % 256 || '.' || d % 256, ${pick('w.agents', 'pg_temp.r(t, 36)')},
          ((w.today - d) + make_interval(hours => 8, mins => floor(pg_temp.r(t * 1000 + d, 37) * 90)::int)) at time zone 'Europe/Paris'
        from generate_series(1, ${T}) t, generate_series(1, 90) d, words w
        where extract(isodow from w.today - d) < 6`,
    );
    await step(
      'notifications',
      sql`insert into notifications (id, organization_id, user_id, type, notification_type, metadata, action_url, is_read, context, created_at)
        select pg_temp.uid(12, g * 100 + i), pg_temp.uid(1, ${sql.raw(learnerOrg('g'))}), 'gen-l-' || g,
          w.notification_types[kind], w.notification_tabs[kind], w.notification_metadata[kind]::jsonb, '/student',
          age > 7 or pg_temp.r(g * 100 + i, 38) < 0.3, 'student', ${at} - make_interval(days => age, mins => i * 17)
        from (select g, i, 1 + floor(pg_temp.r(g * 100 + i, 39) * 5)::int as kind,
                floor(pg_temp.r(g * 100 + i, 40) ^ 2 * 120)::int as age
              from generate_series(1, ${L}) g, generate_series(1, ${sql.raw(String(plan.notificationsPerLearner))}) i) n, words w`,
    );
  });

  const started = performance.now();
  await database.db.execute(sql`analyze`);
  steps.push({ name: 'analyze', seconds: (performance.now() - started) / 1000 });
  const rows: Record<string, number> = {};
  for (const table of DATASET_TABLES) {
    // Both drivers answer { rows }; the shared Db type leaves the result untyped.
    const result = (await database.db.execute(
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    )) as {
      rows: { count: number }[];
    };
    rows[table] = Number(result.rows[0]?.count ?? 0);
  }
  const trainers = plan.organizations * plan.trainersPerOrganization;
  return {
    plan,
    rows,
    steps,
    accounts: {
      learners: [1, 2, 3].filter((n) => n <= plan.learners).map(learnerEmail),
      trainers: [1, 2, 3].filter((n) => n <= trainers).map(trainerEmail),
    },
  };
}
