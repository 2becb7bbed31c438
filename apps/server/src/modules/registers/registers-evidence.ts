import { WATCH_INDICATORS, type WatchIndicator } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { excelCsv } from '../../lib/excel-csv.ts';
import { fullNameOf, parisDay, rowsOf } from './registers-sql.ts';

/** What the registers prove for Qualiopi indicators 23, 24, 25, 31 and 32 (the compliance module reads it). */
export interface RegistersEvidence {
  complaints: {
    total: number;
    /** Open or in progress: not answered yet. */
    open: number;
    /** Answered or closed. */
    answered: number;
    averageResponseDays: number | null;
    lastReceivedAt: string | null;
  };
  improvements: {
    total: number;
    /** Planned or in progress. */
    open: number;
    /** Done or abandoned. */
    closed: number;
    overdue: number;
    lastCreatedAt: string | null;
  };
  watch: Record<WatchIndicator, { entries: number; lastEntryAt: string | null }>;
}

export interface RegisterFile {
  indicator: number;
  fileName: string;
  content: string;
}

const toNumber = (value: unknown) => Number(value ?? 0);

/**
 * The figures of one organisation's registers, in the caller's tenant transaction (row-level
 * security applies): one statement.
 */
export async function registersEvidence(
  tx: Tx,
  organizationId: string,
  at: Date,
): Promise<RegistersEvidence> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`select
      (select count(*) from complaints where organization_id = ${organizationId}) as complaints_total,
      (select count(*) from complaints where organization_id = ${organizationId}
        and status in ('open', 'in_progress')) as complaints_open,
      (select count(*) from complaints where organization_id = ${organizationId}
        and status in ('answered', 'closed')) as complaints_answered,
      (select avg(answered_on - received_on) from complaints where organization_id = ${organizationId}
        and answered_on is not null) as complaints_average_days,
      (select max(received_on)::text from complaints where organization_id = ${organizationId}) as complaints_last,
      (select count(*) from improvement_actions where organization_id = ${organizationId}) as improvements_total,
      (select count(*) from improvement_actions where organization_id = ${organizationId}
        and status in ('planned', 'in_progress')) as improvements_open,
      (select count(*) from improvement_actions where organization_id = ${organizationId}
        and status in ('done', 'abandoned')) as improvements_closed,
      (select count(*) from improvement_actions where organization_id = ${organizationId}
        and status in ('planned', 'in_progress') and due_on < ${parisDay(at)}) as improvements_overdue,
      (select max(created_at) from improvement_actions where organization_id = ${organizationId}) as improvements_last,
      (select coalesce(json_object_agg(indicator, json_build_object('entries', entries, 'last', last)), '{}'::json)
        from (select indicator, count(*) as entries, max(observed_on)::text as last from watch_entries
          where organization_id = ${organizationId} group by indicator) w) as watch`),
  );
  const watchRows = (row?.watch ?? {}) as Record<string, { entries: number; last: string | null }>;
  const watch = Object.fromEntries(
    WATCH_INDICATORS.map((indicator) => [
      indicator,
      { entries: toNumber(watchRows[indicator]?.entries), lastEntryAt: watchRows[indicator]?.last ?? null },
    ]),
  ) as RegistersEvidence['watch'];
  const average = row?.complaints_average_days;
  const lastCreated = row?.improvements_last;
  return {
    complaints: {
      total: toNumber(row?.complaints_total),
      open: toNumber(row?.complaints_open),
      answered: toNumber(row?.complaints_answered),
      averageResponseDays:
        average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10,
      lastReceivedAt: (row?.complaints_last as string | null) ?? null,
    },
    improvements: {
      total: toNumber(row?.improvements_total),
      open: toNumber(row?.improvements_open),
      closed: toNumber(row?.improvements_closed),
      overdue: toNumber(row?.improvements_overdue),
      lastCreatedAt: lastCreated ? new Date(lastCreated as string).toISOString() : null,
    },
    watch,
  };
}

/** A day as French Excel reads it (DD/MM/YYYY). */
const frenchDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : '');

const COMPLAINT_KIND_FR: Record<string, string> = { complaint: 'Réclamation', difficulty: 'Difficulté' };
const COMPLAINT_SOURCE_FR: Record<string, string> = {
  question: 'Question',
  message: 'Message',
  email: 'E-mail',
  phone: 'Téléphone',
  typed_in: 'Saisie directe',
};
const COMPLAINT_STATUS_FR: Record<string, string> = {
  open: 'Ouverte',
  in_progress: 'En cours',
  answered: 'Répondue',
  closed: 'Clôturée',
};
const ORIGIN_FR: Record<string, string> = {
  complaint: 'Réclamation',
  satisfaction_survey: 'Enquête de satisfaction',
  audit: 'Audit',
  trainer_feedback: 'Retour formateur',
  learner_feedback: 'Retour apprenant',
  watch: 'Veille',
  other: 'Autre',
};
const IMPROVEMENT_STATUS_FR: Record<string, string> = {
  planned: 'Planifiée',
  in_progress: 'En cours',
  done: 'Réalisée',
  abandoned: 'Abandonnée',
};
const WATCH_FILES: Record<WatchIndicator, string> = {
  23: 'veille-legale-reglementaire',
  24: 'veille-emplois-metiers-competences',
  25: 'veille-innovations-pedagogiques-technologiques',
};

/**
 * The registers as Excel CSVs for the audit pack, one per register (31 complaints, 32 improvement
 * actions, 23 to 25 watch), in the caller's tenant transaction: three statements. Headers are French:
 * the auditor reads them.
 */
export async function registersFiles(tx: Tx, organizationId: string, at: Date): Promise<RegisterFile[]> {
  type Row = Record<string, string | number | null>;
  const complaintRows = rowsOf<Row>(
    await tx.execute(sql`select c.received_on::text as received_on, c.kind, c.source, c.subject, c.description,
        ${fullNameOf(sql`c.student_id`)} as student, c.status, c.answer, c.answered_on::text as answered_on,
        c.closed_on::text as closed_on, ${fullNameOf(sql`c.handler_id`)} as handler,
        c.answered_on - c.received_on as days_to_answer, c.closed_on - c.received_on as days_to_close
      from complaints c where c.organization_id = ${organizationId}
      order by c.received_on, c.created_at`),
  );
  const improvementRows = rowsOf<Row>(
    await tx.execute(sql`select (a.created_at at time zone 'Europe/Paris')::date::text as created_on, a.origin, a.title, a.description,
        (select c.subject from complaints c where c.id = a.complaint_id) as complaint,
        ${fullNameOf(sql`a.owner_id`)} as owner, a.due_on::text as due_on, a.status, a.closure_note,
        (select f.name from stored_files f where f.id = a.closure_file_id) as closure_file,
        a.closed_on::text as closed_on,
        (a.status in ('planned', 'in_progress') and a.due_on < ${parisDay(at)}) as overdue
      from improvement_actions a where a.organization_id = ${organizationId}
      order by a.created_at`),
  );
  const watchRows = rowsOf<Row>(
    await tx.execute(sql`select w.indicator, w.observed_on::text as observed_on, w.source, w.summary, w.impact,
        (select a.title from improvement_actions a where a.id = w.improvement_id) as improvement
      from watch_entries w where w.organization_id = ${organizationId}
      order by w.indicator, w.observed_on, w.created_at`),
  );
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const files: RegisterFile[] = [
    {
      indicator: 31,
      fileName: '31-registre-reclamations-difficultes.csv',
      content: excelCsv(
        [
          'Reçue le',
          'Nature',
          'Origine',
          'Objet',
          'Description',
          'Apprenant',
          'Statut',
          'Réponse',
          'Répondue le',
          'Délai de réponse (jours)',
          'Clôturée le',
          'Délai de clôture (jours)',
          'Traitée par',
        ],
        complaintRows.map((row) => [
          frenchDay(row.received_on as string),
          COMPLAINT_KIND_FR[text(row.kind)] ?? text(row.kind),
          COMPLAINT_SOURCE_FR[text(row.source)] ?? text(row.source),
          text(row.subject),
          text(row.description),
          text(row.student),
          COMPLAINT_STATUS_FR[text(row.status)] ?? text(row.status),
          text(row.answer),
          frenchDay(row.answered_on as string | null),
          text(row.days_to_answer),
          frenchDay(row.closed_on as string | null),
          text(row.days_to_close),
          text(row.handler),
        ]),
      ),
    },
    {
      indicator: 32,
      fileName: '32-actions-amelioration.csv',
      content: excelCsv(
        [
          'Créée le',
          'Origine',
          'Réclamation liée',
          'Action',
          'Description',
          'Responsable',
          'Échéance',
          'Statut',
          'En retard',
          'Preuve de clôture',
          'Fichier de preuve',
          'Clôturée le',
        ],
        improvementRows.map((row) => [
          frenchDay(row.created_on as string),
          ORIGIN_FR[text(row.origin)] ?? text(row.origin),
          text(row.complaint),
          text(row.title),
          text(row.description),
          text(row.owner),
          frenchDay(row.due_on as string | null),
          IMPROVEMENT_STATUS_FR[text(row.status)] ?? text(row.status),
          row.overdue ? 'Oui' : 'Non',
          text(row.closure_note),
          text(row.closure_file),
          frenchDay(row.closed_on as string | null),
        ]),
      ),
    },
  ];
  for (const indicator of WATCH_INDICATORS) {
    files.push({
      indicator,
      fileName: `${indicator}-${WATCH_FILES[indicator]}.csv`,
      content: excelCsv(
        [
          'Date',
          'Source',
          'Information',
          'Ce que cela change pour l’organisme',
          'Action d’amélioration liée',
        ],
        watchRows
          .filter((row) => Number(row.indicator) === indicator)
          .map((row) => [
            frenchDay(row.observed_on as string),
            text(row.source),
            text(row.summary),
            text(row.impact),
            text(row.improvement),
          ]),
      ),
    });
  }
  return files;
}
