import {
  brandPalette,
  fileUrl,
  type LegalInfo,
  type OrganizationBranding,
  QUALIOPI_EXPIRY_WARNING_DAYS,
  type QualiopiStatus,
  type SessionUser,
  type UpdateLegalInfoInput,
  UpdateLegalInfoInputSchema,
  type UpdateOrganizationSettingsInput,
  UpdateOrganizationSettingsInputSchema,
} from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditService, auditActorOf, changedFields, isAuditedAction } from '../audit/audit.module.ts';
import type { FilesService } from '../files/files.module.ts';
import { organizations } from './organizations.tables.ts';

type OrganizationRow = typeof organizations.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The calendar day in France, where a certificate's end of validity is read. */
const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/** What a certificate prints of its provider (issue 15), null where the organisation has not said. */
export interface LegalLines {
  address: string | null;
  siret: string | null;
  activityDeclarationNumber: string | null;
}

function toBranding(row: OrganizationRow): OrganizationBranding {
  return {
    organizationId: row.id,
    name: row.name,
    logoFileId: row.logoFileId,
    logoUrl: row.logoFileId ? fileUrl(row.logoFileId) : null,
    brandColor: row.brandColor,
    palette: row.brandColor ? brandPalette(row.brandColor) : null,
  };
}

/** Days from today (in France) to the end of validity, and what that means for the certificate. */
export function qualiopiValidity(
  validUntil: string | null,
  now: Date,
): { status: QualiopiStatus; daysLeft: number | null } {
  if (!validUntil) return { status: 'missing', daysLeft: null };
  const daysLeft = Math.round((Date.parse(validUntil) - Date.parse(parisDay.format(now))) / DAY_MS);
  if (daysLeft < 0) return { status: 'expired', daysLeft };
  return { status: daysLeft <= QUALIOPI_EXPIRY_WARNING_DAYS ? 'expiringSoon' : 'valid', daysLeft };
}

/** One line, as French documents print an address; the country only when it is not France. */
export function formatAddress(row: Pick<OrganizationRow, 'addressLine' | 'postalCode' | 'city' | 'country'>) {
  const town = [row.postalCode, row.city].filter(Boolean).join(' ');
  const country = row.country && !/^(france|fr)$/i.test(row.country.trim()) ? row.country : null;
  const parts = [row.addressLine, town, country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function fileProblem(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { fields: [{ path, message }] });
}

/**
 * The organisation's settings (/trainer/settings) and legal info (/trainer/legal-info), issue 16
 * point 9. Staff change their own organisation only: the column grant and the update policy of
 * migration 0024 hold it in the database too.
 */
export function createOrganizationSettingsService(deps: {
  database: Database;
  files: FilesService;
  now: () => Date;
  /** The organisation's name is part of its members' cached sessions. */
  onRenamed: (organizationId: string) => void;
  /**
   * An admin's change to another organisation's legal info is written to the audit log (and so to
   * the trail); staff's changes to their own organisation go to the audit trail (issue 19).
   */
  audit: Pick<AuditService, 'record' | 'recordEvent'>;
}) {
  const { database, files, now } = deps;

  function organizationOf(user: SessionUser): string {
    if (!user.organizationId) throw new AppError('NO_ORGANIZATION');
    return user.organizationId;
  }

  async function readOrganization(tx: Tx, organizationId: string): Promise<OrganizationRow> {
    const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
    if (!row) throw new AppError('NO_ORGANIZATION');
    return row;
  }

  /** A stored file of the organisation, of the kind the field takes; anything else is a field error. */
  async function checkFile(
    tx: Tx,
    organizationId: string,
    fileId: string,
    field: string,
    mimeType: (type: string) => boolean,
  ) {
    const [file] = await files.findInOrganization(tx, organizationId, [fileId]);
    if (!file) throw fileProblem(field, 'fileNotFound');
    if (!mimeType(file.mimeType)) throw fileProblem(field, 'fileType');
  }

  function toLegalInfo(row: OrganizationRow): LegalInfo {
    const validity = qualiopiValidity(row.qualiopiValidUntil, now());
    return {
      siret: row.siret,
      activityDeclarationNumber: row.activityDeclarationNumber,
      qualiopiNumber: row.qualiopiNumber,
      qualiopiIssuer: row.qualiopiIssuer,
      qualiopiValidUntil: row.qualiopiValidUntil,
      qualiopiFileId: row.qualiopiFileId,
      qualiopiFileUrl: row.qualiopiFileId ? fileUrl(row.qualiopiFileId) : null,
      qualiopiStatus: validity.status,
      qualiopiDaysLeft: validity.daysLeft,
      vatNumber: row.vatNumber,
      addressLine: row.addressLine,
      postalCode: row.postalCode,
      city: row.city,
      country: row.country,
      legalRepresentativeName: row.legalRepresentativeName,
      legalRepresentativeTitle: row.legalRepresentativeTitle,
      updatedAt: row.legalInfoUpdatedAt?.toISOString() ?? null,
    };
  }

  async function readLegalInfo(user: SessionUser, organizationId: string): Promise<LegalInfo> {
    return toLegalInfo(
      await database.withTenant(tenantOf(user), (tx) => readOrganization(tx, organizationId)),
    );
  }

  async function writeLegalInfo(
    user: SessionUser,
    organizationId: string,
    input: UpdateLegalInfoInput,
  ): Promise<LegalInfo> {
    const legal = UpdateLegalInfoInputSchema.parse(input);
    const row = await database.withTenant(tenantOf(user), async (tx) => {
      if (legal.qualiopiFileId)
        await checkFile(
          tx,
          organizationId,
          legal.qualiopiFileId,
          'qualiopiFileId',
          (type) => type === 'application/pdf',
        );
      const [previous] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
      const [updated] = await tx
        .update(organizations)
        .set({ ...legal, legalInfoUpdatedAt: now() })
        .where(eq(organizations.id, organizationId))
        .returning();
      if (!updated || !previous) throw new AppError(user.role === 'admin' ? 'NOT_FOUND' : 'NOT_AUTHORIZED');
      const changes = changedFields(previous, updated, Object.keys(legal));
      await deps.audit.record(
        user,
        {
          action: 'organization.legal_info.update',
          organizationId,
          targetType: 'organization',
          targetId: organizationId,
          summary: `Informations légales de « ${updated.name} » modifiées`,
          details: { name: updated.name, fields: Object.keys(legal) },
          ...changes,
        },
        tx,
      );
      if (!isAuditedAction(user, organizationId))
        await deps.audit.recordEvent(
          {
            action: 'organization.changed',
            organizationId,
            actor: auditActorOf(user),
            targetType: 'organization',
            targetId: organizationId,
            ...changes,
            details: { name: updated.name, section: 'legal_info' },
          },
          tx,
        );
      return updated;
    });
    return toLegalInfo(row);
  }

  return {
    /** Any member's view of their organisation: the sidebar's name, logo and colours. */
    async branding(user: SessionUser): Promise<OrganizationBranding> {
      const organizationId = organizationOf(user);
      return toBranding(
        await database.withTenant(tenantOf(user), (tx) => readOrganization(tx, organizationId)),
      );
    },

    async updateSettings(
      user: SessionUser,
      input: UpdateOrganizationSettingsInput,
    ): Promise<OrganizationBranding> {
      const organizationId = organizationOf(user);
      const settings = UpdateOrganizationSettingsInputSchema.parse(input);
      const row = await database.withTenant(tenantOf(user), async (tx) => {
        if (settings.logoFileId)
          await checkFile(tx, organizationId, settings.logoFileId, 'logoFileId', (type) =>
            type.startsWith('image/'),
          );
        const [previous] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
        const [updated] = await tx
          .update(organizations)
          .set(settings)
          .where(eq(organizations.id, organizationId))
          .returning();
        // Row-level security hid the row: not this person's organisation to change.
        if (!updated || !previous) throw new AppError('NOT_AUTHORIZED');
        await deps.audit.recordEvent(
          {
            action: 'organization.changed',
            organizationId,
            actor: auditActorOf(user),
            targetType: 'organization',
            targetId: organizationId,
            ...changedFields(previous, updated, Object.keys(settings)),
            details: { name: updated.name, section: 'settings' },
          },
          tx,
        );
        return updated;
      });
      deps.onRenamed(organizationId);
      return toBranding(row);
    },

    legalInfo: (user: SessionUser): Promise<LegalInfo> => readLegalInfo(user, organizationOf(user)),

    updateLegalInfo: (user: SessionUser, input: UpdateLegalInfoInput): Promise<LegalInfo> =>
      writeLegalInfo(user, organizationOf(user), input),

    /** A platform admin reads any organisation's legal info (`/admin/settings`). */
    adminLegalInfo: (user: SessionUser, organizationId: string): Promise<LegalInfo> =>
      readLegalInfo(user, organizationId),

    /** A platform admin edits any organisation's legal info; the audit log records it. */
    adminUpdateLegalInfo: (
      user: SessionUser,
      organizationId: string,
      input: UpdateLegalInfoInput,
    ): Promise<LegalInfo> => writeLegalInfo(user, organizationId, input),

    /** The provider's lines a certificate prints, read in the caller's transaction. */
    async legalLinesOf(tx: Tx, organizationId: string): Promise<LegalLines> {
      const [row] = await tx
        .select({
          addressLine: organizations.addressLine,
          postalCode: organizations.postalCode,
          city: organizations.city,
          country: organizations.country,
          siret: organizations.siret,
          activityDeclarationNumber: organizations.activityDeclarationNumber,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return {
        address: row ? formatAddress(row) : null,
        siret: row?.siret ?? null,
        activityDeclarationNumber: row?.activityDeclarationNumber ?? null,
      };
    },
  };
}

export type OrganizationSettingsService = ReturnType<typeof createOrganizationSettingsService>;
