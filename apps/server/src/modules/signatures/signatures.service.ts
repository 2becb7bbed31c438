import {
  type MySignatureList,
  type PaginationQuery,
  type SessionUser,
  type SignaturePage,
  type SignInput,
  SignInputSchema,
} from '@cursus/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LearningService } from '../courses/courses.module.ts';
import type { EmailService } from '../email/email.module.ts';
import type { TimeTrackingService } from '../time-tracking/time-tracking.module.ts';
import { contentHashOf, imageMatches, readSignaturePng, toPngDataUrl } from './signature-content.ts';
import { listColumns, organizationOf, toSignature } from './signature-rows.ts';
import { certifiedSignatures } from './signatures.tables.ts';
import { createStaffSignatures } from './staff-signatures.ts';

export function createSignaturesService(deps: {
  database: Database;
  /** The courses module's learner view: the formation, its modules and the learner's completion. */
  learning: Pick<LearningService, 'getCourse'>;
  /** The time-tracking module's read of learners' time on a formation, in our transaction. */
  courseTimeOf: TimeTrackingService['courseTimeOf'];
  email: Pick<EmailService, 'sendToUser'>;
  now: () => Date;
}) {
  const { database, learning, now } = deps;
  const staff = createStaffSignatures(deps);

  /** What the learner signs: the formation, or its module at `moduleIndex`, and their completion. */
  async function readSubject(actor: SessionUser, courseId: string, moduleIndex: number | null) {
    organizationOf(actor);
    const course = await learning.getCourse(actor, courseId);
    const courseModule = moduleIndex === null ? null : course.modules[moduleIndex];
    if (courseModule === undefined) throw new AppError('NOT_FOUND');
    const completion = courseModule ?? course;
    const moduleId = courseModule?.id ?? null;
    // The time and the signature in one transaction: the page reads as one moment.
    const { trackedSeconds, row } = await database.withTenant(tenantOf(actor), async (tx) => {
      const time = await deps.courseTimeOf(tx, courseId, [actor.id]);
      const [found] = await tx
        .select({ ...listColumns, signatureImage: certifiedSignatures.signatureImage })
        .from(certifiedSignatures)
        .where(ownRowFilter(actor, courseId, moduleId));
      return { trackedSeconds: Math.round(time.get(actor.id)?.seconds ?? 0), row: found ?? null };
    });
    return {
      course,
      courseModule,
      trackedSeconds,
      row,
      progress: completion.progress,
      completedLessons: completion.completedLessons,
      totalLessons: completion.totalLessons,
    };
  }

  function ownRowFilter(actor: SessionUser, courseId: string, moduleId: string | null): SQL {
    return and(
      eq(certifiedSignatures.userId, actor.id),
      eq(certifiedSignatures.formationId, courseId),
      moduleId === null
        ? eq(certifiedSignatures.signatureType, 'formation_completion')
        : and(
            eq(certifiedSignatures.signatureType, 'module_completion'),
            eq(certifiedSignatures.moduleId, moduleId),
          ),
    )!;
  }

  function toPage(
    subject: Awaited<ReturnType<typeof readSubject>>,
    moduleIndex: number | null,
  ): SignaturePage {
    const { row } = subject;
    const moduleId = subject.courseModule?.id ?? null;
    const at = now();
    const read = row ? toSignature(row, at) : null;
    // The page holds the image too: it must still be the one whose hash was signed.
    const signature =
      read && row?.signatureImage && !imageMatches(row.signatureImage, row.signatureHash)
        ? { ...read, status: 'error' as const }
        : read;
    return {
      courseId: subject.course.id,
      courseTitle: subject.course.title,
      signatureType: moduleId === null ? 'formation_completion' : 'module_completion',
      moduleIndex,
      moduleTitle: subject.courseModule?.title ?? null,
      progress: subject.progress,
      completedLessons: subject.completedLessons,
      totalLessons: subject.totalLessons,
      trackedSeconds: subject.trackedSeconds,
      canSign: subject.progress === 100 && signature?.status !== 'signed' && signature?.status !== 'error',
      signature:
        row && signature
          ? {
              ...signature,
              image: row.signatureImage ? toPngDataUrl(row.signatureImage) : null,
              contentHash: row.contentHash,
            }
          : null,
    };
  }

  return {
    ...staff,
    async getPage(actor: SessionUser, courseId: string, moduleIndex: number | null): Promise<SignaturePage> {
      return toPage(await readSubject(actor, courseId, moduleIndex), moduleIndex);
    },

    /**
     * SPEC 3: the learner signs a completed formation or module, once. The server checks the
     * completion again (the page may be stale) and keeps what was signed with its hash.
     */
    async sign(
      actor: SessionUser,
      courseId: string,
      input: SignInput,
      origin: { ipAddress: string | null; userAgent: string | null },
    ): Promise<SignaturePage> {
      const { moduleIndex, image } = SignInputSchema.parse(input);
      const subject = await readSubject(actor, courseId, moduleIndex);
      if (subject.progress < 100) throw new AppError('SIGNATURE_NOT_COMPLETED');
      const png = readSignaturePng(image);
      const organizationId = organizationOf(actor);
      const moduleId = subject.courseModule?.id ?? null;
      const signatureType = moduleId === null ? 'formation_completion' : 'module_completion';
      const content = {
        organizationId,
        userId: actor.id,
        formationId: courseId,
        signatureType,
        moduleId,
        moduleIndex,
        progress: subject.progress,
        trackedSeconds: subject.trackedSeconds,
        signatureHash: png.hash,
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
        // Milliseconds, as JavaScript dates hold them, so the hash reads back the same.
        signedAt: new Date(now().getTime()),
      };
      const signed = {
        ...content,
        signatureStatus: 'signed',
        signatureImage: png.base64,
        contentHash: contentHashOf(content),
      };
      const written = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .insert(certifiedSignatures)
          .values(signed)
          .onConflictDoUpdate({
            target:
              moduleId === null
                ? [certifiedSignatures.userId, certifiedSignatures.formationId]
                : [certifiedSignatures.userId, certifiedSignatures.moduleId],
            // A literal, not a parameter: PostgreSQL picks the partial unique index ON CONFLICT
            // names when it plans, and a generic plan (the requests' sessions run them, db/client.ts)
            // cannot tell that a parameter matches the index's predicate.
            targetWhere: sql`signature_type = ${sql.raw(`'${signatureType}'`)}`,
            set: {
              signatureStatus: 'signed',
              moduleIndex,
              progress: signed.progress,
              trackedSeconds: signed.trackedSeconds,
              signatureImage: signed.signatureImage,
              signatureHash: signed.signatureHash,
              contentHash: signed.contentHash,
              ipAddress: signed.ipAddress,
              userAgent: signed.userAgent,
              signedAt: signed.signedAt,
            },
            // A signature is given once: a signed row is never replaced.
            setWhere: sql`${certifiedSignatures.signatureStatus} <> 'signed'`,
          })
          .returning({ id: certifiedSignatures.id }),
      );
      if (written.length === 0) throw new AppError('CERTIFIED_SIGNATURE_EXISTS');
      return toPage(await readSubject(actor, courseId, moduleIndex), moduleIndex);
    },

    /** The learner's signatures, newest request first (SPEC 2 "signature history"). */
    async listMine(actor: SessionUser, query: PaginationQuery): Promise<MySignatureList> {
      organizationOf(actor);
      const at = now();
      const mine = eq(certifiedSignatures.userId, actor.id);
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(certifiedSignatures).where(mine),
          tx
            .select(listColumns)
            .from(certifiedSignatures)
            .where(mine)
            .orderBy(desc(certifiedSignatures.createdAt), desc(certifiedSignatures.id))
            .$dynamic(),
          (row) => toSignature(row, at),
        ),
      );
    },
  };
}

export type SignaturesService = ReturnType<typeof createSignaturesService>;
