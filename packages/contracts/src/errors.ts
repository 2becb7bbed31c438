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
