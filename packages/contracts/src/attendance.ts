import { z } from 'zod';
import { OkSchema, ORGANIZATION_STAFF, type RouteContract, STUDENT_OWN_DATA, text } from './common.ts';
import { StoredFileSchema } from './files.ts';

/** A signing slot is a half-day in Paris time: before 13:00, or from 13:00 (issue 15 point 2). */
export const ATTENDANCE_PERIODS = ['morning', 'afternoon'] as const;
export const AttendancePeriodSchema = z.enum(ATTENDANCE_PERIODS);
export type AttendancePeriod = z.infer<typeof AttendancePeriodSchema>;

/** How a signature was given; decided by the server from the route used, never sent by a client. */
export const SIGNATURE_METHODS = ['link', 'qr', 'in_person'] as const;
export const SignatureMethodSchema = z.enum(SIGNATURE_METHODS);
export type SignatureMethod = z.infer<typeof SignatureMethodSchema>;

/** SPEC 4: attendance is attended or absent; null until someone signs or the trainer decides. */
export const ATTENDANCE_STATUSES = ['attended', 'absent'] as const;
export const AttendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof AttendanceStatusSchema>;

/** Minutes after a slot's end during which signing stays open, unless the organisation sets another. */
export const DEFAULT_LATE_SIGNING_MINUTES = 30;
export const LATE_SIGNING_MINUTES_MAX = 7 * 24 * 60;
/** A drawn signature travels as a PNG data URL; its characters are bounded before anything is decoded. */
export const SIGNATURE_DATA_URL_MAX = 300_000;
/** The QR code shown for a slot changes every 30 s; the previous window's code is still accepted. */
export const QR_ROTATION_SECONDS = 30;
export const ABSENCE_REASON_MAX = 1_000;

const SignatureImageSchema = z
  .string()
  .max(SIGNATURE_DATA_URL_MAX)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { message: 'PNG data URL expected' });

export const SignatureInputSchema = z.object({ signature: SignatureImageSchema });
export type SignatureInput = z.infer<typeof SignatureInputSchema>;

export const SessionParamsSchema = z.object({ sessionId: z.uuid() });
export const SlotParamsSchema = z.object({ slotId: z.uuid() });
export const SlotStudentParamsSchema = z.object({ slotId: z.uuid(), studentId: z.string().min(1).max(64) });
export const TokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/** One signature as the trainer sees it: the image and its evidence. */
export const AttendanceSignatureSchema = z.object({
  signedAt: z.iso.datetime(),
  method: SignatureMethodSchema,
  image: z.string(),
  hash: z.string(),
});
export type AttendanceSignature = z.infer<typeof AttendanceSignatureSchema>;

export const AttendanceEntrySchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  /** The trainer's decision, else attended once signed, else null. */
  status: AttendanceStatusSchema.nullable(),
  absenceReason: z.string().nullable(),
  absenceFile: StoredFileSchema.nullable(),
  signature: AttendanceSignatureSchema.nullable(),
});
export type AttendanceEntry = z.infer<typeof AttendanceEntrySchema>;

export const AttendanceSlotSchema = z.object({
  id: z.uuid(),
  period: AttendancePeriodSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Signing closes then: the slot's end plus the organisation's late-signing allowance. */
  closesAt: z.iso.datetime(),
  countersignature: AttendanceSignatureSchema.extend({ signerName: z.string() }).nullable(),
  entries: z.array(AttendanceEntrySchema),
});
export type AttendanceSlot = z.infer<typeof AttendanceSlotSchema>;

/** The chain check: every signature's hash recomputed from its row and the one before it. */
export const ChainVerificationSchema = z.object({
  isValid: z.boolean(),
  signatureCount: z.number().int(),
  /** Sequence number of the first row whose hash no longer matches its content, if any. */
  brokenAt: z.number().int().nullable(),
});
export type ChainVerification = z.infer<typeof ChainVerificationSchema>;

export const AttendanceSheetSchema = z.object({
  sessionId: z.uuid(),
  sessionTitle: z.string(),
  lateSigningMinutes: z.number().int(),
  slots: z.array(AttendanceSlotSchema),
  chain: ChainVerificationSchema,
});
export type AttendanceSheet = z.infer<typeof AttendanceSheetSchema>;

export const MarkAttendanceInputSchema = z.object({
  status: AttendanceStatusSchema,
  /** Justifies an absence; ignored (cleared) when attended. */
  absenceReason: text(ABSENCE_REASON_MAX).nullable().default(null),
  /** A document uploaded first through the files module (purpose 'document'). */
  absenceFileId: z.uuid().nullable().default(null),
});
export type MarkAttendanceInput = z.input<typeof MarkAttendanceInputSchema>;

export const InPersonSignatureInputSchema = SignatureInputSchema.extend({
  studentId: z.string().min(1).max(64),
});
export type InPersonSignatureInput = z.infer<typeof InPersonSignatureInputSchema>;

export const SentLinksSchema = z.object({ sent: z.number().int() });

export const SlotQrCodeSchema = z.object({
  /** The page the code opens: `/sign/<code>`. */
  url: z.string(),
  /** The QR image, an SVG data URL. */
  image: z.string(),
  /** When the screen should ask for the next code. */
  refreshAt: z.iso.datetime(),
});
export type SlotQrCode = z.infer<typeof SlotQrCodeSchema>;

export const AttendanceSettingsSchema = z.object({
  lateSigningMinutes: z.number().int().min(0).max(LATE_SIGNING_MINUTES_MAX),
});
export type AttendanceSettings = z.infer<typeof AttendanceSettingsSchema>;

/** What the signing page shows before the learner draws. */
export const SigningContextSchema = z.object({
  method: SignatureMethodSchema,
  sessionTitle: z.string(),
  period: AttendancePeriodSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  closesAt: z.iso.datetime(),
  /** Whether the half-day has started by the server's clock: a phone's own clock may be wrong. */
  hasStarted: z.boolean(),
});
export type SigningContext = z.infer<typeof SigningContextSchema>;

export const SigningReceiptSchema = z.object({ signedAt: z.iso.datetime(), hash: z.string() });
export type SigningReceipt = z.infer<typeof SigningReceiptSchema>;

/** A rotating QR code: `q.<slotId>.<window>.<mac>`; told apart from an emailed link by its prefix. */
export const QR_CODE_PREFIX = 'q.';
export const QrCodeInputSchema = z.object({ code: z.string().min(20).max(200) });
export const QrSignatureInputSchema = SignatureInputSchema.extend({ code: z.string().min(20).max(200) });

export const attendanceRoutes = {
  /** Creates the sheet's slots and learners' rows on first open, then reads it. */
  getSheet: {
    method: 'GET',
    path: '/api/trainer/group-sessions/:sessionId/attendance',
    access: ORGANIZATION_STAFF,
    params: SessionParamsSchema,
    response: AttendanceSheetSchema,
  },
  /** Emails a single-use signing link to each learner of the slot who has not signed. */
  sendLinks: {
    method: 'POST',
    path: '/api/trainer/attendance/slots/:slotId/links',
    access: ORGANIZATION_STAFF,
    params: SlotParamsSchema,
    response: SentLinksSchema,
  },
  getQrCode: {
    method: 'GET',
    path: '/api/trainer/attendance/slots/:slotId/qr',
    access: ORGANIZATION_STAFF,
    params: SlotParamsSchema,
    response: SlotQrCodeSchema,
  },
  countersign: {
    method: 'POST',
    path: '/api/trainer/attendance/slots/:slotId/countersign',
    access: ORGANIZATION_STAFF,
    params: SlotParamsSchema,
    body: SignatureInputSchema,
    response: SigningReceiptSchema,
  },
  /** A learner signs on the trainer's device, in the room. */
  signInPerson: {
    method: 'POST',
    path: '/api/trainer/attendance/slots/:slotId/in-person',
    access: ORGANIZATION_STAFF,
    params: SlotParamsSchema,
    body: InPersonSignatureInputSchema,
    response: SigningReceiptSchema,
  },
  mark: {
    method: 'PUT',
    path: '/api/trainer/attendance/slots/:slotId/learners/:studentId',
    access: ORGANIZATION_STAFF,
    params: SlotStudentParamsSchema,
    body: MarkAttendanceInputSchema,
    response: OkSchema,
  },
  getSettings: {
    method: 'GET',
    path: '/api/trainer/attendance/settings',
    access: ORGANIZATION_STAFF,
    response: AttendanceSettingsSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/trainer/attendance/settings',
    access: ORGANIZATION_STAFF,
    body: AttendanceSettingsSchema,
    response: AttendanceSettingsSchema,
  },
  /** The emailed link: anyone holding it (it names one learner and one slot, used once). */
  getLink: {
    method: 'GET',
    path: '/api/attendance/sign/:token',
    access: 'public',
    params: TokenParamsSchema,
    response: SigningContextSchema,
  },
  signLink: {
    method: 'POST',
    path: '/api/attendance/sign/:token',
    access: 'public',
    params: TokenParamsSchema,
    body: SignatureInputSchema,
    response: SigningReceiptSchema,
  },
  /** A scanned QR code, for the signed-in learner. */
  checkQr: {
    method: 'POST',
    path: '/api/attendance/qr/check',
    access: STUDENT_OWN_DATA,
    body: QrCodeInputSchema,
    response: SigningContextSchema,
  },
  signQr: {
    method: 'POST',
    path: '/api/attendance/qr/sign',
    access: STUDENT_OWN_DATA,
    body: QrSignatureInputSchema,
    response: SigningReceiptSchema,
  },
} as const satisfies Record<string, RouteContract>;

/** The PDF sheet: answered as application/pdf, so it has no JSON response schema. */
export const attendanceSheetPdfRoute = {
  method: 'GET',
  path: '/api/trainer/group-sessions/:sessionId/attendance/pdf',
  access: ORGANIZATION_STAFF,
  params: SessionParamsSchema,
} as const;

export const attendanceSheetPdfPath = (sessionId: string) =>
  `/api/trainer/group-sessions/${sessionId}/attendance/pdf`;
