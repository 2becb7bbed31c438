import { z } from 'zod';

/**
 * Every error the API can answer with. The web shows `errors:<CODE>` from its locale files,
 * never the server's `message` (SPEC 8 messages live there in French and English).
 */
export const ERROR_STATUS = {
  // SPEC 8, course fetch codes
  NO_SESSION: 401,
  EMPTY_COURSES: 404,
  NO_ORGANIZATION: 409,
  /** SPEC 8 'training not found': also for another organisation's formation, never revealing it exists. */
  TRAINING_NOT_FOUND: 404,
  /** A locked formation stays listed for its learners, but its lessons cannot be opened (SPEC 3 is_locked). */
  COURSE_LOCKED: 403,
  // SPEC 8, sign-in and account
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  /** An admin disabled the account (issue 19): refused at sign-in, with the right password only. */
  ACCOUNT_DISABLED: 403,
  /** Also for another person's session, never revealing it exists. */
  SESSION_NOT_FOUND: 404,
  ACCOUNT_EXISTS: 409,
  REGISTRATION_ERROR: 400,
  PASSWORD_TOO_WEAK: 400,
  PASSWORD_TOO_COMMON: 400,
  PASSWORDS_DONT_MATCH: 400,
  INVALID_CURRENT_PASSWORD: 400,
  LOGOUT_ERROR: 500,
  RESET_LINK_INVALID: 400,
  RESET_FAILED: 400,
  NOT_ADMIN: 403,
  // Two-factor authentication (issue 19)
  /** A wrong or already used authenticator code, or an unknown recovery code. */
  INVALID_TWO_FACTOR_CODE: 401,
  /** The code step came more than 10 minutes after the password, or after 5 wrong codes: sign in again. */
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  /** The organisation or the platform requires a second factor this staff member has not set up yet. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  TWO_FACTOR_NOT_ENABLED: 409,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  // SPEC 8, other messages
  SESSION_EXPIRED: 401,
  NOT_AUTHORIZED: 403,
  SERVER_ERROR: 500,
  TIMEOUT: 504,
  /**
   * PostgreSQL is down or unreachable (a restart, a failover, a network cut): the answer carries
   * `Retry-After`, and the same request succeeds once the database is back, with no server restart.
   */
  DATABASE_UNAVAILABLE: 503,
  FILE_TOO_LARGE: 413,
  /**
   * The upload would take the organisation past ORGANIZATION_STORAGE_QUOTA_BYTES (files.ts): 413,
   * not 507, since it is this request's content that does not fit, not the server that is full.
   */
  STORAGE_QUOTA_EXCEEDED: 413,
  UNSUPPORTED_FORMAT: 415,
  SECURITY_POLICY: 403,
  // SPEC 8, database codes (PGRST116, 23505, 23503, 42501)
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  /** SPEC 8's 23503 'cannot delete because linked', e.g. a formation with enrolments: archive it instead. */
  LINKED_DATA: 409,
  INSUFFICIENT_PERMISSIONS: 403,
  // request shape and transport
  VALIDATION_ERROR: 400,
  /** A field's message (with VALIDATION_ERROR): the period asked for is longer than its list allows. */
  DATE_RANGE_TOO_LONG: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ORIGIN_REJECTED: 403,
  RATE_LIMITED: 429,
  USER_NOT_FOUND: 404,
  ALREADY_IN_ORGANIZATION: 409,
  /**
   * assign-student's one refusal: no account, not a student, or already in an organisation, never
   * saying which (nobody learns who has an account, or where).
   */
  STUDENT_NOT_ASSIGNABLE: 404,
  // Quizzes (issue 13)
  /** Also for another organisation's quiz or attempt, or a quiz the learner may not take. */
  QUIZ_NOT_FOUND: 404,
  QUIZ_QUESTION_NOT_FOUND: 404,
  QUIZ_CATEGORY_NOT_FOUND: 404,
  /** The attempt's time limit has passed (server clock): the answer was not saved. */
  QUIZ_TIME_OVER: 409,
  QUIZ_ALREADY_SUBMITTED: 409,
  /** The quiz allows no more attempts (its retakes are used up). */
  QUIZ_NO_ATTEMPTS_LEFT: 409,
  // Public quizzes and positioning (issue 13 points 3 and 4)
  /** An unknown or withdrawn positioning link, or one of a quiz no longer offered. */
  POSITIONING_LINK_INVALID: 404,
  POSITIONING_LINK_EXPIRED: 410,
  /** The link was used: a positioning answer is given once. */
  POSITIONING_LINK_USED: 409,
  // Email preferences (issue 14 point 7)
  /** A forged, altered or unknown unsubscribe link: 400, whatever was wrong with it. */
  UNSUBSCRIBE_LINK_INVALID: 400,
  // Certificates (issue 15 point 4)
  /** A valid certificate of that kind exists for the learner and formation: revoke it first. */
  CERTIFICATE_ALREADY_ISSUED: 409,
  /** The attestation de fin de formation needs the formation completed (progress 100). */
  COURSE_NOT_COMPLETED: 409,
  // Attendance signing (issue 15 point 2)
  /** An unknown signing link, or one already used: the same answer, so links cannot be probed. */
  SIGNING_LINK_INVALID: 404,
  /** The slot closed (its end plus the organisation's late-signing allowance, server clock). */
  SIGNING_CLOSED: 410,
  /** The slot has not started yet. */
  SIGNING_NOT_OPEN: 409,
  /** A QR code older than the current or previous 30 s window, or forged: scan the screen again. */
  QR_CODE_EXPIRED: 410,
  /** This person already signed this slot; a signature is never replaced. */
  ALREADY_SIGNED: 409,
  /** The drawn signature is empty, too large or not a PNG image. */
  SIGNATURE_INVALID: 400,
  // Certified signatures (issue 15 point 3)
  /** The formation (or module) is not complete yet: progress 100 comes before the signature. */
  SIGNATURE_NOT_COMPLETED: 409,
  /** The learner already signed this formation or module; a certified signature is given once. */
  CERTIFIED_SIGNATURE_EXISTS: 409,
  /** This signature's learner was reminded less than a day ago. */
  SIGNATURE_REMINDER_TOO_SOON: 429,
  // Planning (issue 16 point 7)
  /** Someone signed the session's attendance sheet: the evidence keeps the session where it was. */
  SESSION_SIGNED: 409,
  /** The session has begun (or is over): it is no longer moved from the calendar. */
  SESSION_STARTED: 409,
  /** A session is not moved to start in the past (server clock). */
  SESSION_IN_PAST: 409,
  // Custom evaluations (issue 16 point 5)
  /** Also for another organisation's questionnaire, never revealing it exists. */
  EVALUATION_NOT_FOUND: 404,
  /** An unknown answering link, or one whose questionnaire was archived: links cannot be probed. */
  EVALUATION_LINK_INVALID: 404,
  /** The link was used: a questionnaire is answered once. */
  EVALUATION_ALREADY_ANSWERED: 409,
  /** Only surveys are sent by hand; hot and cold questionnaires go out on their own. */
  EVALUATION_NOT_SENDABLE: 409,
  // Trainers (issue 16 point 3)
  /** Also for another organisation's trainer, or a learner's id: never revealing who exists. */
  TRAINER_NOT_FOUND: 404,
  /** Inviting trainers and changing roles within the organisation are for its managers. */
  MANAGER_ONLY: 403,
  /** The organisation's last manager cannot become a plain trainer: someone must manage it. */
  LAST_MANAGER: 409,
  // Learners (issue 16 point 2)
  /** The CSV file lacks one of the required columns name, firstname, email (SPEC 5). */
  CSV_MISSING_COLUMNS: 400,
  /** The CSV file holds no header line. */
  CSV_EMPTY: 400,
  /** The CSV file holds more rows than one import takes. */
  CSV_TOO_MANY_ROWS: 413,
  /** The organisation does not collect social security numbers: none may be saved. */
  SSN_NOT_COLLECTED: 409,
  /** A funding-platform delivery whose signature is missing or does not match the organisation's secret. */
  WEBHOOK_SIGNATURE_INVALID: 401,
  /** A funding-platform delivery whose timestamp is missing or more than 5 minutes away. */
  WEBHOOK_TIMESTAMP_INVALID: 401,
  /** Only a delivery whose signature was checked may be processed again. */
  WEBHOOK_NOT_REPLAYABLE: 409,
  // AI assistant (issue 18)
  /** The configured model failed or could not be reached: the web shows SPEC 8's chat failure toast. */
  ASSISTANT_UNAVAILABLE: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
export const ErrorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The wire shape of every error answer. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z
      .object({
        fields: z.array(FieldErrorSchema).optional(),
        retryAfterSeconds: z.number().int().optional(),
      })
      .optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
