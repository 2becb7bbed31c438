import {
  type AdminCourseQuery,
  AdminCourseQuerySchema,
  type AdminOrganizationListQuery,
  AdminOrganizationListQuerySchema,
  type AssignCourseInput,
  AssignCourseInputSchema,
  type AssignedCourse,
  type FilePurpose,
  type Language,
  type OnboardedOrganization,
  type OnboardOrganizationInput,
  OnboardOrganizationInputSchema,
  type SessionUser,
} from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { type FormationCopy, fileIdsOfFormation, renameLessonFiles } from '../courses/courses.module.ts';
import type { FilesService } from '../files/files.module.ts';
import { organizationReads } from './read-organizations.ts';
import { readPlatform } from './read-platform.ts';
import { rowsOf } from './sql-rows.ts';

/** What the admin space needs of the courses module: a whole formation, read and written. */
export interface FormationCopies {
  read(tx: Tx, courseId: string): Promise<FormationCopy & { organizationId: string }>;
  write(
    tx: Tx,
    input: {
      organizationId: string;
      createdBy: string;
      copy: FormationCopy;
      at: Date;
      status?: 'draft' | 'published';
    },
  ): Promise<{ courseId: string; moduleCount: number; lessonCount: number }>;
}

/** The trainers module's invitation of an organisation's first manager, by an admin. */
export interface ManagerInvitations {
  inviteManager(
    actor: SessionUser,
    organization: { id: string; name: string },
    invitation: { email: string; firstName: string; lastName: string; language: Language },
  ): Promise<{ id: string; email: string }>;
}

const STATUS_WORDS = { published: 'publiée', draft: 'brouillon' } as const;

export function createAdminService(deps: {
  database: Database;
  audit: Pick<AuditService, 'record'>;
  trainers: ManagerInvitations;
  courses: FormationCopies;
  files: FilesService;
  adminEmails: readonly string[];
  now: () => Date;
}) {
  const { database, audit, files, now } = deps;
  const reads = organizationReads(deps.adminEmails);
  const asAdmin = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  return {
    platform: (actor: SessionUser) => asAdmin(actor, (tx) => readPlatform(tx, now(), deps.adminEmails)),

    async listOrganizations(actor: SessionUser, input: AdminOrganizationListQuery) {
      const query = AdminOrganizationListQuerySchema.parse(input);
      const page = await asAdmin(actor, (tx) => reads.list(tx, query));
      return { ...page, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Creates the organisation and invites its first trainer as its manager, in the language
     * chosen. A known address is refused before anything is made; the organisation and its audit
     * line are written together, the invitation (and its own line) right after.
     */
    async onboard(actor: SessionUser, input: OnboardOrganizationInput): Promise<OnboardedOrganization> {
      const onboarding = OnboardOrganizationInputSchema.parse(input);
      const organization = await asAdmin(actor, async (tx) => {
        const [known] = rowsOf<{ id: string }>(
          await tx.execute(sql`select id from profiles where email = ${onboarding.email} limit 1`),
        );
        if (known)
          throw new AppError('ACCOUNT_EXISTS', { fields: [{ path: 'email', message: 'ACCOUNT_EXISTS' }] });
        const [created] = rowsOf<{ id: string; name: string }>(
          await tx.execute(
            sql`insert into organizations (name) values (${onboarding.name}) returning id, name`,
          ),
        );
        await audit.record(
          actor,
          {
            action: 'organization.create',
            organizationId: created!.id,
            targetType: 'organization',
            targetId: created!.id,
            summary: `Organisme « ${created!.name} » créé`,
            details: { name: created!.name },
          },
          tx,
        );
        return created!;
      });
      const trainer = await deps.trainers.inviteManager(actor, organization, {
        email: onboarding.email,
        firstName: onboarding.firstName,
        lastName: onboarding.lastName,
        language: onboarding.language,
      });
      await audit.record(actor, {
        action: 'trainer.invite',
        organizationId: organization.id,
        targetType: 'trainer',
        targetId: trainer.id,
        summary: `${onboarding.firstName} ${onboarding.lastName} (${trainer.email}) invité·e comme responsable de « ${organization.name} »`,
        details: {
          name: `${onboarding.firstName} ${onboarding.lastName}`,
          email: trainer.email,
          organizationName: organization.name,
          language: onboarding.language,
          organizationRole: 'manager',
        },
      });
      return { organization, trainer };
    },

    getOrganization: (actor: SessionUser, organizationId: string) =>
      asAdmin(actor, (tx) => reads.detail(tx, organizationId, now())),

    async organizationCourses(actor: SessionUser, organizationId: string, input: AdminCourseQuery) {
      const query = AdminCourseQuerySchema.parse(input);
      const page = await asAdmin(actor, async (tx) => {
        await reads.nameOf(tx, organizationId);
        return reads.courses(tx, organizationId, query);
      });
      return { ...page, page: query.page, pageSize: query.pageSize };
    },

    async catalogue(actor: SessionUser, input: AdminCourseQuery) {
      const query = AdminCourseQuerySchema.parse(input);
      const page = await asAdmin(actor, (tx) => reads.catalogue(tx, query));
      return { ...page, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Assigns a formation to the organisation: a copy of a catalogue formation (any organisation's,
     * this one's included) with its files, published or draft as asked (docs/admin.md). Files are
     * copied first; should the formation's transaction fail, the copied bytes are removed.
     */
    async assignCourse(
      actor: SessionUser,
      organizationId: string,
      input: AssignCourseInput,
    ): Promise<AssignedCourse> {
      const { courseId, status } = AssignCourseInputSchema.parse(input);
      const { organizationName, formation, fileRows } = await asAdmin(actor, async (tx) => {
        const organizationName = await reads.nameOf(tx, organizationId);
        const formation = await deps.courses.read(tx, courseId);
        const fileRows = await files.findInOrganization(
          tx,
          formation.organizationId,
          fileIdsOfFormation(formation),
        );
        return { organizationName, formation, fileRows };
      });
      const copies: Parameters<FilesService['recordCopies']>[2] = [];
      const idOf = new Map<string, string>();
      try {
        for (const file of fileRows) {
          const target = files.newFileKey(organizationId);
          await files.copyObject(file.storageKey, target.storageKey);
          copies.push({
            ...target,
            name: file.name,
            mimeType: file.mimeType,
            purpose: file.purpose as FilePurpose,
            sizeBytes: file.sizeBytes,
            uploadedBy: actor.id,
          });
          idOf.set(file.id, target.id);
        }
        const { organizationId: sourceOrganizationId, modules, ...sheet } = formation;
        const copy: FormationCopy = {
          ...sheet,
          modules: modules.map((module) => ({
            title: module.title,
            lessons: module.lessons
              // A lesson whose upload is gone would point at nothing: it is left out.
              .filter((lesson) => !lesson.fileId || idOf.has(lesson.fileId))
              .map((lesson) => ({
                ...lesson,
                content:
                  lesson.content.type === 'text'
                    ? { type: 'text' as const, html: renameLessonFiles(lesson.content.html, idOf) }
                    : lesson.content,
                fileId: lesson.fileId ? idOf.get(lesson.fileId)! : null,
              })),
          })),
        };
        const written = await asAdmin(actor, async (tx) => {
          await files.recordCopies(tx, organizationId, copies);
          const result = await deps.courses.write(tx, {
            organizationId,
            createdBy: actor.id,
            copy,
            at: now(),
            status,
          });
          await audit.record(
            actor,
            {
              action: 'course.assign',
              organizationId,
              targetType: 'course',
              targetId: result.courseId,
              summary: `Formation « ${copy.title} » attribuée à « ${organizationName} » (${STATUS_WORDS[status]})`,
              details: {
                title: copy.title,
                organizationName,
                sourceCourseId: courseId,
                sourceOrganizationId,
                status,
              },
            },
            tx,
          );
          return result;
        });
        return { ...written, title: copy.title, status };
      } catch (error) {
        for (const copied of copies) await files.removeObject(copied.storageKey);
        throw error;
      }
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
