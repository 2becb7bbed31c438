import { ERROR_STATUS, type ErrorCode, type FieldError } from '@cursus/contracts';

/** Services throw this; the error handler turns it into `{ error: { code, message, details } }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: { fields?: FieldError[]; retryAfterSeconds?: number },
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}
