import { z } from 'zod';
import { SessionResultSchema } from './auth.ts';
import {
  EmailSchema,
  hasNoNul,
  NO_NUL,
  ORGANIZATION_STAFF,
  type RouteAccess,
  type RouteContract,
  text,
} from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/** createTrainerOrganization / assign_organization_to_trainer (SPEC 7) for the signed-in trainer. */
export const CreateOrganizationInputSchema = z.object({ organizationName: text(200) });
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationInputSchema>;

/** A trainer places a waiting student in their organisation; an admin names the organisation. */
export const AssignStudentInputSchema = z.object({
  email: EmailSchema,
  organizationId: z.uuid().optional(),
});
export type AssignStudentInput = z.infer<typeof AssignStudentInputSchema>;

export const AssignedStudentSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  organizationId: z.uuid(),
});

/**
 * Query of the organisation's learners list: a page (100 at most), a part of a name or an email,
 * and admins' organisation (every organisation's learners when they name none, a page at a time).
 */
export const StudentListQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  organizationId: z.uuid().optional(),
});
export type StudentListQuery = z.infer<typeof StudentListQuerySchema>;

export const StudentListSchema = paginated(AssignedStudentSchema);

export const OrganizationSchema = z.object({ id: z.uuid(), name: z.string() });
export const OrganizationListSchema = z.object({ items: z.array(OrganizationSchema) });

export const organizationRoutes = {
  createOwn: {
    method: 'POST',
    path: '/api/organizations/mine',
    access: { roles: ['trainer'], scope: 'owner' },
    body: CreateOrganizationInputSchema,
    response: SessionResultSchema,
  },
  assignStudent: {
    method: 'POST',
    path: '/api/organizations/assign-student',
    access: ORGANIZATION_STAFF,
    body: AssignStudentInputSchema,
    response: AssignedStudentSchema,
  },
  list: {
    method: 'GET',
    path: '/api/organizations',
    access: ORGANIZATION_STAFF,
    response: OrganizationListSchema,
  },
  listStudents: {
    method: 'GET',
    path: '/api/organizations/students',
    access: ORGANIZATION_STAFF,
    query: StudentListQuerySchema,
    response: StudentListSchema,
  },
} as const satisfies Record<string, RouteContract>;

// ---------------------------------------------------------------------------------------------
// Organisation settings and legal info (issue 16 point 9)
// ---------------------------------------------------------------------------------------------

/** A brand colour as `#rrggbb`, stored lower case. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
export const BrandColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(BRAND_COLOR_PATTERN, { message: 'brandColorFormat' });

/** WCAG AA for normal text: what the primary colour needs against every surface it sits on or holds. */
export const BRAND_CONTRAST_MIN = 4.5;

/**
 * The surfaces the primary colour meets in each theme (styles.css): page, card and muted
 * backgrounds, where it is link and icon text, and the text drawn on it (white in the light theme,
 * the darkest background in the dark one).
 */
export const BRAND_SURFACES = {
  light: ['#ffffff', '#f8fafc', '#f1f5f9'],
  dark: ['#020617', '#0f172a', '#1e293b'],
} as const;

function channel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue =
    max === r
      ? ((g - b) / delta + (g < b ? 6 : 0)) / 6
      : max === g
        ? ((b - r) / delta + 2) / 6
        : ((r - g) / delta + 4) / 6;
  return [hue, saturation, lightness];
}

function fromHsl(hue: number, saturation: number, lightness: number): string {
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const component = (shift: number) => {
    let t = hue + shift;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    const value =
      t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(Math.min(1, Math.max(0, saturation === 0 ? lightness : value)) * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${component(1 / 3)}${component(0)}${component(-1 / 3)}`;
}

function meetsContrast(hex: string, surfaces: readonly string[]): boolean {
  return surfaces.every((surface) => contrastRatio(hex, surface) >= BRAND_CONTRAST_MIN);
}

/**
 * The colour closest to `hex` (same hue and saturation) that keeps WCAG AA on the theme's surfaces:
 * darker for the light theme, lighter for the dark one. Black and white always pass, so it ends.
 */
function adjustLightness(hex: string, surfaces: readonly string[], direction: -1 | 1): string {
  if (meetsContrast(hex, surfaces)) return hex;
  const [hue, saturation, lightness] = toHsl(hex);
  for (let step = 1; step <= 200; step += 1) {
    const candidate = fromHsl(
      hue,
      saturation,
      Math.min(1, Math.max(0, lightness + (direction * step) / 200)),
    );
    if (meetsContrast(candidate, surfaces)) return candidate;
  }
  return direction < 0 ? '#000000' : '#ffffff';
}

export const ThemeColorsSchema = z.object({
  primary: z.string().regex(BRAND_COLOR_PATTERN),
  primaryHover: z.string().regex(BRAND_COLOR_PATTERN),
  /** The text drawn on the primary colour. */
  primaryForeground: z.string().regex(BRAND_COLOR_PATTERN),
  /** Whether `primary` differs from the brand colour to reach WCAG AA in this theme. */
  adjusted: z.boolean(),
});
export const BrandPaletteSchema = z.object({ light: ThemeColorsSchema, dark: ThemeColorsSchema });
export type BrandPalette = z.infer<typeof BrandPaletteSchema>;

/**
 * The app's primary colours for an organisation's brand colour, in both themes, each checked for
 * WCAG AA (4.5:1) on every surface it meets, and adjusted (lightness only) when the colour fails.
 */
export function brandPalette(brandColor: string): BrandPalette {
  const hex = brandColor.toLowerCase();
  const light = adjustLightness(hex, BRAND_SURFACES.light, -1);
  const dark = adjustLightness(hex, BRAND_SURFACES.dark, 1);
  const [lightHue, lightSaturation, lightLightness] = toHsl(light);
  const [darkHue, darkSaturation, darkLightness] = toHsl(dark);
  return {
    light: {
      primary: light,
      // Hover moves away from the surfaces, so it keeps the contrast the primary has.
      primaryHover: fromHsl(lightHue, lightSaturation, Math.max(0, lightLightness - 0.08)),
      primaryForeground: BRAND_SURFACES.light[0],
      adjusted: light !== hex,
    },
    dark: {
      primary: dark,
      primaryHover: fromHsl(darkHue, darkSaturation, Math.min(1, darkLightness + 0.08)),
      primaryForeground: BRAND_SURFACES.dark[0],
      adjusted: dark !== hex,
    },
  };
}

/** Luhn's key: doubling every second digit from the right, the sum is a multiple of 10. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** La Poste's SIREN: its many establishments outgrew Luhn's keys (INSEE). */
const LA_POSTE_SIREN = '356000000';

/**
 * A SIRET (14 digits) whose key is right: Luhn's, or for La Poste's establishments (SIREN
 * 356000000) a digit sum that is a multiple of 5, the rule INSEE gives them instead.
 */
export function isValidSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  if (passesLuhn(siret)) return true;
  if (!siret.startsWith(LA_POSTE_SIREN)) return false;
  return [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
}

/** A SIREN (9 digits) whose Luhn key is right; La Poste's passes it too. */
export function isValidSiren(siren: string): boolean {
  return /^\d{9}$/.test(siren) && passesLuhn(siren);
}

/** The key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** `FR`, a two-digit key, then the company's SIREN; the key must match the SIREN. */
export function isValidFrenchVat(vat: string): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(vat);
  return Boolean(match && isValidSiren(match[2]!) && frenchVatKey(match[2]!) === match[1]);
}

const blankToNull = (value: string) => (value === '' ? null : value);

/** Optional free text of a form: trimmed, blank means none. */
const optionalText = (max: number) =>
  z.string().trim().max(max).refine(hasNoNul, NO_NUL).transform(blankToNull).nullable();

/**
 * An optional identifier typed with spaces or dots as printed on documents, kept without them;
 * `problem` names what is wrong (a message the forms translate and the server explains).
 */
const optionalIdentifier = (
  normalize: (value: string) => string,
  problem: (value: string) => string | null,
) =>
  z
    .string()
    .max(40)
    .transform(normalize)
    .check((context) => {
      const message = context.value ? problem(context.value) : null;
      if (message) context.issues.push({ code: 'custom', message, input: context.value });
    })
    .transform(blankToNull)
    .nullable();

const withoutSeparators = (value: string) => value.replace(/[\s.-]/g, '');

export const SiretSchema = optionalIdentifier(withoutSeparators, (value) =>
  !/^\d{14}$/.test(value) ? 'siretFormat' : isValidSiret(value) ? null : 'siretChecksum',
);
/** Numéro de déclaration d'activité (NDA): 11 digits given by the DREETS. */
export const ActivityDeclarationNumberSchema = optionalIdentifier(withoutSeparators, (value) =>
  /^\d{11}$/.test(value) ? null : 'ndaFormat',
);
export const VatNumberSchema = optionalIdentifier(
  (value) => withoutSeparators(value).toUpperCase(),
  (value) => (!/^FR\d{11}$/.test(value) ? 'vatFormat' : isValidFrenchVat(value) ? null : 'vatChecksum'),
);
export const PostalCodeSchema = optionalIdentifier(withoutSeparators, (value) =>
  /^\d{5}$/.test(value) ? null : 'postalCodeFormat',
);

/** What a trainer may change of their organisation on /trainer/settings. */
export const UpdateOrganizationSettingsInputSchema = z.object({
  name: text(200),
  /** An image uploaded through the files module (purpose `image`), or null for none. */
  logoFileId: z.uuid().nullable(),
  brandColor: BrandColorSchema.nullable(),
});
export type UpdateOrganizationSettingsInput = z.input<typeof UpdateOrganizationSettingsInputSchema>;

/** The organisation as its members see it in the app's frame: name, logo and colours. */
export const OrganizationBrandingSchema = z.object({
  organizationId: z.uuid(),
  name: z.string(),
  logoFileId: z.uuid().nullable(),
  logoUrl: z.string().nullable(),
  brandColor: z.string().nullable(),
  /** The primary colours of both themes, null for the app's own. */
  palette: BrandPaletteSchema.nullable(),
});
export type OrganizationBranding = z.infer<typeof OrganizationBrandingSchema>;

/** A Qualiopi certificate is shown as expiring this many days before its end of validity. */
export const QUALIOPI_EXPIRY_WARNING_DAYS = 90;

/** The legal mentions of a training organisation, each optional until the organisation fills it. */
export const UpdateLegalInfoInputSchema = z
  .object({
    siret: SiretSchema,
    activityDeclarationNumber: ActivityDeclarationNumberSchema,
    qualiopiNumber: optionalText(60),
    qualiopiIssuer: optionalText(120),
    qualiopiValidUntil: z
      .union([z.literal(''), z.iso.date({ message: 'dateFormat' })])
      .transform(blankToNull)
      .nullable(),
    /** The certificate's PDF, uploaded through the files module (purpose `document`). */
    qualiopiFileId: z.uuid().nullable(),
    vatNumber: VatNumberSchema,
    addressLine: optionalText(200),
    postalCode: PostalCodeSchema,
    city: optionalText(100),
    country: optionalText(100),
    legalRepresentativeName: optionalText(200),
    legalRepresentativeTitle: optionalText(120),
  })
  .check((context) => {
    // A VAT number is the company's SIREN with its key: it must be the SIRET's company.
    const { siret, vatNumber } = context.value;
    if (siret && vatNumber && vatNumber.slice(4) !== siret.slice(0, 9))
      context.issues.push({
        code: 'custom',
        message: 'vatSirenMismatch',
        path: ['vatNumber'],
        input: vatNumber,
      });
  });
export type UpdateLegalInfoInput = z.input<typeof UpdateLegalInfoInputSchema>;

export const QUALIOPI_STATUSES = ['missing', 'valid', 'expiringSoon', 'expired'] as const;
export type QualiopiStatus = (typeof QUALIOPI_STATUSES)[number];

export const LegalInfoSchema = z.object({
  siret: z.string().nullable(),
  activityDeclarationNumber: z.string().nullable(),
  qualiopiNumber: z.string().nullable(),
  qualiopiIssuer: z.string().nullable(),
  qualiopiValidUntil: z.iso.date().nullable(),
  qualiopiFileId: z.uuid().nullable(),
  qualiopiFileUrl: z.string().nullable(),
  /** Decided by the server's clock: `expiringSoon` within QUALIOPI_EXPIRY_WARNING_DAYS days. */
  qualiopiStatus: z.enum(QUALIOPI_STATUSES),
  /** Days until the end of validity (negative once past), null without a date. */
  qualiopiDaysLeft: z.number().int().nullable(),
  vatNumber: z.string().nullable(),
  addressLine: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  legalRepresentativeName: z.string().nullable(),
  legalRepresentativeTitle: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type LegalInfo = z.infer<typeof LegalInfoSchema>;

export const organizationSettingsRoutes = {
  /** Any member: the sidebar shows the organisation's logo and colours to its learners too. */
  getBranding: {
    method: 'GET',
    path: '/api/organizations/mine/branding',
    access: { roles: 'any', scope: 'organization' },
    response: OrganizationBrandingSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/organizations/mine/settings',
    access: ORGANIZATION_STAFF,
    body: UpdateOrganizationSettingsInputSchema,
    response: OrganizationBrandingSchema,
  },
  getLegalInfo: {
    method: 'GET',
    path: '/api/organizations/mine/legal-info',
    access: ORGANIZATION_STAFF,
    response: LegalInfoSchema,
  },
  updateLegalInfo: {
    method: 'PUT',
    path: '/api/organizations/mine/legal-info',
    access: ORGANIZATION_STAFF,
    body: UpdateLegalInfoInputSchema,
    response: LegalInfoSchema,
  },
} as const satisfies Record<string, RouteContract>;

/** `/admin/settings`: one organisation's legal info, chosen by a platform admin. */
export const AdminOrganizationSettingsParamsSchema = z.object({ organizationId: z.uuid() });

/**
 * The platform's configuration as `/admin/settings` shows it, read only: modes and whether each
 * setting is given, never a secret's value (nor an address holding credentials).
 */
export const PLATFORM_SETTING_NAMES = [
  'APP_URL',
  'DATABASE_URL',
  'DATABASE_OWNER_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'FUNDING_WEBHOOK_SECRET',
  'AI_BASE_URL',
  'AI_API_KEY',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'SEED_DEMO',
  'TRUST_PROXY',
] as const;
export const PlatformSettingNameSchema = z.enum(PLATFORM_SETTING_NAMES);
export type PlatformSettingName = z.infer<typeof PlatformSettingNameSchema>;

export const PlatformConfigurationSchema = z.object({
  environment: z.enum(['development', 'production', 'test']),
  appUrl: z.string().nullable(),
  adminEmailCount: z.number().int().min(0),
  supportEmail: z.string(),
  /** `smtp`: messages are sent; `log`: kept in the outbox and written to the log (no SMTP_URL). */
  mailMode: z.enum(['smtp', 'log']),
  mailFrom: z.string(),
  /** `s3`: an S3-compatible bucket; `local`: files under DATA_DIR. */
  storageMode: z.enum(['s3', 'local']),
  /** `pglite`: the embedded engine; `postgres`: a PostgreSQL server. */
  databaseEngine: z.enum(['pglite', 'postgres']),
  settings: z.array(z.object({ name: PlatformSettingNameSchema, isSet: z.boolean() })),
});
export type PlatformConfiguration = z.infer<typeof PlatformConfigurationSchema>;

/** Platform administrators only (SPEC 6). */
const ADMINS_ONLY = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

export const adminSettingsRoutes = {
  platformConfiguration: {
    method: 'GET',
    path: '/api/admin/platform-configuration',
    access: ADMINS_ONLY,
    response: PlatformConfigurationSchema,
  },
  /** 404 NOT_FOUND for an unknown organisation. */
  getLegalInfo: {
    method: 'GET',
    path: '/api/admin/organizations/:organizationId/legal-info',
    access: ADMINS_ONLY,
    params: AdminOrganizationSettingsParamsSchema,
    response: LegalInfoSchema,
  },
  /** Written to the audit log. The Qualiopi certificate, when given, must be the organisation's file. */
  updateLegalInfo: {
    method: 'PUT',
    path: '/api/admin/organizations/:organizationId/legal-info',
    access: ADMINS_ONLY,
    params: AdminOrganizationSettingsParamsSchema,
    body: UpdateLegalInfoInputSchema,
    response: LegalInfoSchema,
  },
} as const satisfies Record<string, RouteContract>;
