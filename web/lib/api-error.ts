import { ApiErrorBody } from '../../core/contracts/errors.ts';

/**
 * An error answer of the API, carrying the body every API error has (spec section 8: message,
 * details, hint, code; `fields` maps a field path such as `email` or `agency.name` to its message).
 * Status 0 means the request never got an answer (network failure).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.status = status;
    this.code = body.code;
    this.details = body.details;
    this.hint = body.hint;
    this.fields = body.fields ?? {};
  }

  /** The statusCode the error page reads (404 shows Page Not Found, anything else Internal Server Error). */
  get statusCode(): number {
    return this.status === 0 ? 500 : this.status;
  }
}

export const NETWORK_ERROR_CODE = 'network_error';
export const PGRST116 = 'PGRST116';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Builds an ApiError from an answer's status and (possibly non-conforming) JSON body. */
export function apiErrorFromBody(status: number, body: unknown, statusText = ''): ApiError {
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data);
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : `The server answered ${status}${statusText ? ` ${statusText}` : ''}`;
  return new ApiError(status, { message, details: null, hint: null, code: status >= 500 ? 'internal' : 'unknown' });
}

export function networkError(cause: unknown): ApiError {
  return new ApiError(
    0,
    {
      message: 'Precinct could not reach the server. Check the connection and try again.',
      details: cause instanceof Error ? cause.message : null,
      hint: null,
      code: NETWORK_ERROR_CODE,
    },
    { cause },
  );
}

/**
 * A request for exactly one record matched none or several (spec section 8: PGRST116 means multiple
 * rows where one was expected, and the same code is used when there are none).
 */
export function singleRowError(rowCount: number): ApiError {
  return new ApiError(406, {
    message: 'JSON object requested, multiple (or no) rows returned',
    details: `The result contains ${rowCount} rows`,
    hint: null,
    code: PGRST116,
  });
}

/** A readable sentence for a failure of any kind, for alerts and notifications. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.hint ? `${error.message} ${error.hint}` : error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}
