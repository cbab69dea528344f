import * as z from 'zod/mini';

/**
 * Every error the API returns has this body (spec section 8: message, details, hint, code).
 * `fields` names the failing fields of a request, field by field, so forms can show each message
 * beside its input.
 */
export const ApiErrorBody = z.object({
  message: z.string(),
  details: z.nullable(z.string()),
  hint: z.nullable(z.string()),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Error codes the API uses; the HTTP status each maps to lives in server/platform/errors.ts. */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_credentials',
  'email_not_confirmed',
  'email_exists',
  'weak_password',
  'invalid_token',
  'token_expired',
  'bad_jwt',
  'session_not_found',
  'refresh_token_already_used',
  'user_disabled',
  'account_locked',
  'insufficient_aal',
  'unauthorized',
  'forbidden',
  'module_disabled',
  'not_found',
  'conflict',
  /** 409: an earlier request with the same Idempotency-Key is still running; retry later, it is not a refusal. */
  'idempotency_in_progress',
  'precondition_failed',
  'precondition_required',
  'rate_limited',
  'unavailable',
  'internal',
  'PGRST116',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
