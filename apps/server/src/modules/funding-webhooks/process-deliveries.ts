import {
  FUNDING_EVENT_TYPES,
  type FundingEventType,
  type RegistrationFolderEvent,
  RegistrationFolderEventSchema,
  type WebhookErrorCode,
} from '@cursus/contracts';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  fundingRegistrationFolders,
  fundingTrainingReferences,
  webhookLogs,
} from './funding-webhooks.tables.ts';

/** Events after which the attendee follows the training: they get an account and the enrolment. */
const ENROLLING_EVENTS: ReadonlySet<FundingEventType> = new Set([
  'registrationFolder.accepted',
  'registrationFolder.inTraining',
  'registrationFolder.terminated',
  'registrationFolder.serviceDoneDeclared',
  'registrationFolder.serviceDoneValidated',
]);
/** Events that end a folder before or during the training: the folder's own enrolment is removed. */
const ENDING_EVENTS: ReadonlySet<FundingEventType> = new Set([
  'registrationFolder.canceled',
  'registrationFolder.refused',
]);

/** A delivery that failed for a reason that may pass is tried again, with a growing delay, this many times. */
export const MAX_ATTEMPTS = 8;
const MINUTE_MS = 60_000;
/** How long a run holds a delivery it claimed: far longer than processing one takes. */
const CLAIM_MS = 5 * MINUTE_MS;
const BATCH = 50;

/** What processing needs of the other modules (app.ts wires them through their entries). */
export interface ProcessingSources {
  placeLearner: (
    organization: { id: string; name: string | null },
    person: { email: string; firstName: string; lastName: string; language: 'fr' },
  ) => Promise<{ studentId: string; invited: boolean } | { refused: 'email_taken' }>;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
  isCourseOf: (tx: Tx, organizationId: string, courseId: string) => Promise<boolean>;
  enroll: (
    tx: Tx,
    enrollment: { organizationId: string; courseId: string; studentId: string },
  ) => Promise<boolean>;
  unenroll: (
    tx: Tx,
    enrollment: { organizationId: string; courseId: string; studentId: string },
  ) => Promise<void>;
}

/** A failure this module names; `isPermanent` when processing it again would fail the same way. */
class DeliveryFailure extends Error {
  constructor(
    readonly code: WebhookErrorCode,
    detail: string,
    readonly isPermanent: boolean,
  ) {
    super(detail);
  }
}

/** Tried again: an admin may map the reference to a formation meanwhile. */
function unknownReference(reference: string) {
  return new DeliveryFailure('unknown_reference', `unknown training reference "${reference}"`, false);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function describeInvalid(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim();
}

/**
 * The job's work (ADR 004): each due delivery is locked (`FOR UPDATE SKIP LOCKED`) and its effects
 * (the folder, the enrolment) are written in the same transaction that marks it processed, so a crash
 * at any point leaves it pending for the next run, never processed twice. The learner's account is
 * made before that transaction (auth writes it on its own) and found again by its address on a retry.
 */
export function createDeliveryProcessor(deps: {
  database: Database;
  sources: ProcessingSources;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, sources, now } = deps;
  const db = database.jobs;

  const isDue = (at: Date) =>
    or(
      eq(webhookLogs.status, 'pending'),
      and(
        eq(webhookLogs.status, 'error'),
        or(isNull(webhookLogs.nextAttemptAt), lte(webhookLogs.nextAttemptAt, at)),
      ),
    );

  /** Locks the delivery if it is still to do; null when done meanwhile or held by another transaction. */
  async function lockDue(tx: Tx, id: string, at: Date) {
    const [row] = await tx
      .select({ id: webhookLogs.id, attempts: webhookLogs.attempts })
      .from(webhookLogs)
      .where(and(eq(webhookLogs.id, id), isDue(at)))
      .for('update', { skipLocked: true });
    return row ?? null;
  }

  async function finish(
    tx: Tx,
    id: string,
    attempts: number,
    outcome: {
      status: 'processed' | 'success' | 'failed' | 'error';
      errorCode?: WebhookErrorCode;
      error?: string;
      eventType?: string;
    },
  ) {
    const at = now();
    const retryInMs = Math.min(2 ** attempts * MINUTE_MS, 60 * MINUTE_MS);
    await tx
      .update(webhookLogs)
      .set({
        status: outcome.status,
        errorCode: outcome.errorCode ?? null,
        error: outcome.error ?? null,
        attempts: attempts + 1,
        nextAttemptAt: outcome.status === 'error' ? new Date(at.getTime() + retryInMs) : null,
        processedAt: outcome.status === 'error' ? null : at,
        claimedUntil: null,
        updatedAt: at,
        ...(outcome.eventType ? { eventType: outcome.eventType } : {}),
      })
      .where(eq(webhookLogs.id, id));
  }

  /** The formation a reference names: one mapped by an admin, or the formation's own id. */
  async function courseFor(tx: Tx, organizationId: string, reference: string): Promise<string | null> {
    const [mapped] = await tx
      .select({ courseId: fundingTrainingReferences.courseId })
      .from(fundingTrainingReferences)
      .where(
        and(
          eq(fundingTrainingReferences.organizationId, organizationId),
          eq(fundingTrainingReferences.reference, reference),
        ),
      );
    if (mapped) return mapped.courseId;
    return UUID.test(reference) && (await sources.isCourseOf(tx, organizationId, reference))
      ? reference
      : null;
  }

  async function applyFolderEvent(
    tx: Tx,
    log: { id: string; organizationId: string },
    event: RegistrationFolderEvent,
    studentId: string | null,
  ) {
    const folder = event.registrationFolder;
    const courseId = await courseFor(tx, log.organizationId, folder.trainingReference);
    if (!courseId) throw unknownReference(folder.trainingReference);
    const [existing] = await tx
      .select()
      .from(fundingRegistrationFolders)
      .where(
        and(
          eq(fundingRegistrationFolders.organizationId, log.organizationId),
          eq(fundingRegistrationFolders.folderNumber, folder.id),
        ),
      );
    const learner = studentId ?? existing?.studentId ?? null;
    let enrolledByFolder = existing?.enrolledByFolder ?? false;
    if (learner && ENROLLING_EVENTS.has(event.type)) {
      const added = await sources.enroll(tx, {
        organizationId: log.organizationId,
        courseId,
        studentId: learner,
      });
      enrolledByFolder ||= added;
    }
    if (learner && ENDING_EVENTS.has(event.type) && enrolledByFolder && existing?.courseId) {
      await sources.unenroll(tx, {
        organizationId: log.organizationId,
        courseId: existing.courseId,
        studentId: learner,
      });
      enrolledByFolder = false;
    }
    const startDate = folder.startDate ?? existing?.startDate ?? null;
    const endDate = folder.endDate ?? existing?.endDate ?? null;
    if (startDate && endDate && endDate < startDate)
      throw new DeliveryFailure('invalid_payload', 'endDate before startDate', true);
    const values = {
      state: event.type.slice('registrationFolder.'.length),
      studentId: learner,
      courseId,
      startDate,
      endDate,
      enrolledByFolder,
      lastLogId: log.id,
      updatedAt: now(),
    };
    await tx
      .insert(fundingRegistrationFolders)
      .values({ organizationId: log.organizationId, folderNumber: folder.id, ...values })
      .onConflictDoUpdate({
        target: [fundingRegistrationFolders.organizationId, fundingRegistrationFolders.folderNumber],
        set: values,
      });
  }

  /** Reads and checks the payload: an event to apply, or the reason it is refused for good. */
  function readEvent(
    payload: string | null,
  ):
    | { event: RegistrationFolderEvent | 'ping' }
    | { refused: { errorCode: WebhookErrorCode; error: string } } {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      return { refused: { errorCode: 'malformed_json', error: 'malformed JSON' } };
    }
    const type = (parsed as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !(FUNDING_EVENT_TYPES as readonly string[]).includes(type))
      return {
        refused: {
          errorCode: 'unknown_event',
          error: typeof type === 'string' ? type.slice(0, 100) : 'no type',
        },
      };
    if (type === 'ping') return { event: 'ping' };
    const checked = RegistrationFolderEventSchema.safeParse(parsed);
    return checked.success
      ? { event: checked.data }
      : { refused: { errorCode: 'invalid_payload', error: describeInvalid(checked.error) } };
  }

  /** Processes one delivery if it is still due; what became of it, or null if it was not due. */
  async function processDelivery(id: string): Promise<string | null> {
    const at = now();
    // Claimed first, so two runs never make the same account at once; the effects are then applied
    // under the row's lock, which alone guarantees a single application.
    const [log] = await db
      .update(webhookLogs)
      .set({ claimedUntil: new Date(at.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(webhookLogs.id, id),
          isDue(at),
          or(isNull(webhookLogs.claimedUntil), lte(webhookLogs.claimedUntil, at)),
        ),
      )
      .returning({
        id: webhookLogs.id,
        organizationId: webhookLogs.organizationId,
        payload: webhookLogs.payload,
        attempts: webhookLogs.attempts,
      });
    if (!log) return null;
    const read = readEvent(log.payload);
    const settle = (outcome: Parameters<typeof finish>[3]) =>
      db.transaction(async (tx) => {
        const locked = await lockDue(tx, id, at);
        if (!locked) return null;
        await finish(tx, id, locked.attempts, outcome);
        return outcome.status;
      });
    if ('refused' in read) return settle({ status: 'failed', ...read.refused });
    if (read.event === 'ping') return settle({ status: 'success', eventType: 'ping' });
    const event = read.event;
    try {
      let studentId: string | null = null;
      if (ENROLLING_EVENTS.has(event.type)) {
        // Before the account: a reference nobody mapped yet must not invite anyone.
        const known = await db.transaction((tx) =>
          courseFor(tx, log.organizationId, event.registrationFolder.trainingReference),
        );
        if (!known) throw unknownReference(event.registrationFolder.trainingReference);
        const names = await db.transaction((tx) => sources.organizationNames(tx, [log.organizationId]));
        const { attendee } = event.registrationFolder;
        const placed = await sources.placeLearner(
          { id: log.organizationId, name: names.get(log.organizationId) ?? null },
          { ...attendee, language: 'fr' },
        );
        if ('refused' in placed)
          throw new DeliveryFailure(
            'attendee_conflict',
            "the attendee's address belongs to staff or to another organisation's learner",
            true,
          );
        studentId = placed.studentId;
      }
      return await db.transaction(async (tx) => {
        const locked = await lockDue(tx, id, at);
        if (!locked) return null;
        await applyFolderEvent(tx, log, event, studentId);
        await finish(tx, id, locked.attempts, { status: 'processed' });
        return 'processed';
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const named = error instanceof DeliveryFailure ? error : null;
      if (!named) deps.log.error({ err: error, webhookLogId: id }, 'funding webhook processing failed');
      const isPermanent = named?.isPermanent ?? false;
      const isFinal = isPermanent || log.attempts + 1 >= MAX_ATTEMPTS;
      return settle({
        status: isFinal ? 'failed' : 'error',
        errorCode: named?.code ?? 'processing_failed',
        error: isFinal && !isPermanent ? `gave up: ${reason}` : reason,
      });
    }
  }

  return {
    processDelivery,

    /** The job's run: every due delivery, oldest first, a batch at a time. */
    async processDue(): Promise<{ processed: number }> {
      const at = now();
      const due = await db
        .select({ id: webhookLogs.id })
        .from(webhookLogs)
        .where(isDue(at))
        .orderBy(asc(webhookLogs.createdAt))
        .limit(BATCH);
      let processed = 0;
      for (const { id } of due) if (await processDelivery(id)) processed++;
      return { processed };
    },

    /** Sends deliveries back to the queue (an admin's replay): done in the caller's transaction. */
    requeue: (tx: Tx, ids: string[]) =>
      tx
        .update(webhookLogs)
        .set({
          status: 'pending',
          errorCode: null,
          error: null,
          attempts: 0,
          nextAttemptAt: null,
          claimedUntil: null,
          updatedAt: now(),
        })
        .where(and(inArray(webhookLogs.id, ids), sql`${webhookLogs.isAuthenticated}`)),
  };
}

export type DeliveryProcessor = ReturnType<typeof createDeliveryProcessor>;
