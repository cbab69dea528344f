import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '../../core/contracts/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_credentials: 400,
  email_not_confirmed: 400,
  email_exists: 422,
  weak_password: 422,
  invalid_token: 400,
  token_expired: 400,
  bad_jwt: 401,
  session_not_found: 401,
  refresh_token_already_used: 400,
  user_disabled: 403,
  account_locked: 423,
  insufficient_aal: 403,
  unauthorized: 401,
  forbidden: 403,
  module_disabled: 403,
  not_found: 404,
  conflict: 409,
  idempotency_in_progress: 409,
  precondition_failed: 412,
  precondition_required: 428,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
  PGRST116: 406,
};

/** The one error type that reaches clients: a code, a message a person can act on, and field messages for forms. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { fields?: Record<string, string>; details?: string; hint?: string; status?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.status = extra.status ?? STATUS[code];
    this.fields = extra.fields;
    this.details = extra.details ?? null;
    this.hint = extra.hint ?? null;
  }
}

export function validationError(fields: Record<string, string>, message = 'Some fields need your attention') {
  return new AppError('validation_failed', message, { fields });
}

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

function fieldsFromIssues(issues: ZodLikeIssue[], prefix?: string) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || (prefix ?? 'body');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Connection-level database failures mean "try again shortly", not a bug: 503. */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (!e) return false;
  // Drizzle wraps driver errors ("Failed query: …") and keeps the driver's error as the cause.
  if (e.cause && isDatabaseUnavailable(e.cause)) return true;
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006'].includes(
      e.code ?? '',
    )
  )
    return true;
  return /timeout exceeded when trying to connect|Connection terminated|connection.*closed|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

/** The PostgreSQL error code of an error, looking through Drizzle's wrapper. */
function sqlState(error: unknown): string | null {
  const e = error as { code?: unknown; cause?: unknown };
  if (!e || typeof e !== 'object') return null;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return e.cause ? sqlState(e.cause) : null;
}

/** Database refusals caused by what the client sent: a 4xx saying so, never a 500. */
function fromSqlState(state: string | null): AppError | null {
  switch (state) {
    case '22021': // character_not_in_repertoire (e.g. a NUL byte)
    case '22P05': // untranslatable_character
      return new AppError('validation_failed', 'The text contains characters that cannot be stored (such as a NUL byte)');
    case '22003': // numeric_value_out_of_range
      return new AppError('validation_failed', 'A number is out of range');
    case '22001': // string_data_right_truncation
      return new AppError('validation_failed', 'A value is too long');
    case '22P02': // invalid_text_representation (e.g. a malformed id)
      return new AppError('validation_failed', 'A value is not in the expected form');
    case '22007':
    case '22008':
      return new AppError('validation_failed', 'A date or time is not valid');
    case '23505': // unique_violation
      return new AppError('conflict', 'That conflicts with a record that already exists');
    case '23503': // foreign_key_violation
      return new AppError('validation_failed', 'A record this refers to does not exist');
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return new AppError('unavailable', 'The record was busy; try again', { hint: 'retry' });
    default:
      return null;
  }
}

function body(error: AppError): ApiErrorBody {
  return {
    message: error.message,
    details: error.details,
    hint: error.hint,
    code: error.code,
    ...(error.fields ? { fields: error.fields } : {}),
  };
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError & {
    validation?: Array<{ instancePath?: string; message?: string }>;
    validationContext?: string;
  };
  if (fastifyError?.validation) {
    const context = fastifyError.validationContext === 'body' ? undefined : fastifyError.validationContext;
    const issues = fastifyError.validation.map((v) => ({
      path: (v.instancePath ?? '').split('/').filter(Boolean),
      message: v.message ?? 'This value is not valid',
    }));
    return validationError(fieldsFromIssues(issues, context));
  }
  if (fastifyError?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new AppError('validation_failed', 'The request body is not valid JSON');
  if (fastifyError?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new AppError('validation_failed', 'Send the request body as application/json', { status: 415 });
  if (fastifyError?.statusCode === 413) return new AppError('validation_failed', 'The request body is too large', { status: 413 });
  if (fastifyError?.statusCode === 429)
    return new AppError('rate_limited', fastifyError.message || 'Too many requests; wait a moment and try again');
  const fromDatabase = fromSqlState(sqlState(error));
  if (fromDatabase) return fromDatabase;
  if (isDatabaseUnavailable(error))
    return new AppError('unavailable', 'The service is briefly unavailable; try again in a moment', { hint: 'database unavailable' });
  if (fastifyError?.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
    return new AppError('validation_failed', fastifyError.message, { status: fastifyError.statusCode });
  return new AppError('internal', 'Something went wrong on our side; it has been logged');
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
  if (appError.code === 'unavailable') reply.header('retry-after', '2');
  return reply.status(appError.status).send(body(appError));
}
