import * as z from 'zod/mini';
import { AAL } from './auth.ts';

/**
 * Second factors (spec sections 3 and 7):
 *
 *   GET    /auth/v1/factors                        -> FactorList
 *   POST   /auth/v1/factors                        EnrollFactorInput -> EnrolledFactor (status unverified)
 *   PATCH  /auth/v1/factors/:factorId              RenameFactorInput -> Factor
 *   DELETE /auth/v1/factors/:factorId              (needs aal2 when the user has a verified factor)
 *   POST   /auth/v1/factors/:factorId/challenge    { factorId } -> Challenge        (5 minutes, single use)
 *   POST   /auth/v1/factors/:factorId/verify       VerifyFactorInput -> Session (aal2)
 *   POST   /rest/v1/admin/users/:id/factors/reset  (admin) -> 204
 *
 * Verifying a challenge of an unverified factor completes its enrolment.
 */

export const FACTOR_TYPES = ['totp', 'phone', 'webauthn'] as const;
export const FactorType = z.enum(FACTOR_TYPES);
export type FactorType = z.infer<typeof FactorType>;

export const Factor = z.object({
  id: z.string(),
  factor_type: FactorType,
  friendly_name: z.string(),
  status: z.enum(['unverified', 'verified']),
  /** Phone codes travel over the phone network and can be intercepted: shown as the weaker choice. */
  strength: z.enum(['strong', 'weaker']),
  /** The phone number with all but its last 4 digits hidden. */
  phone_hint: z.nullable(z.string()),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type Factor = z.infer<typeof Factor>;

export const FactorList = z.object({
  factors: z.array(Factor),
  current_level: AAL,
  /** aal2 once any verified factor exists (spec section 3). */
  next_level: AAL,
  /** Whether the agency's policy requires this user to reach aal2. */
  required: z.boolean(),
});
export type FactorList = z.infer<typeof FactorList>;

export const PhoneNumber = z.pipe(
  z.pipe(
    z.string({ error: 'Enter a mobile phone number' }).check(z.trim()),
    z.transform((v: string) => v.replace(/[\s().-]/g, '')),
  ),
  z.string().check(z.regex(/^\+[1-9]\d{7,14}$/, 'Enter the number in international form, e.g. +1 555 010 0123')),
);

export const FriendlyName = z.string().check(z.trim(), z.minLength(1, 'Give it a name'), z.maxLength(60, 'Use at most 60 characters'));

export const EnrollFactorInput = z.discriminatedUnion('factor_type', [
  z.object({ factor_type: z.literal('totp'), friendly_name: z.optional(FriendlyName) }),
  z.object({ factor_type: z.literal('phone'), friendly_name: z.optional(FriendlyName), phone: PhoneNumber }),
  z.object({ factor_type: z.literal('webauthn'), friendly_name: z.optional(FriendlyName) }),
]);
export type EnrollFactorInput = z.infer<typeof EnrollFactorInput>;

export const EnrolledFactor = z.extend(Factor, {
  /** For TOTP: the secret (for typing in) and the otpauth:// URI (for the QR code). Shown once. */
  totp: z.optional(z.object({ secret: z.string(), uri: z.string() })),
});
export type EnrolledFactor = z.infer<typeof EnrolledFactor>;

export const RenameFactorInput = z.object({ friendly_name: FriendlyName });

export const FactorParams = z.object({ factorId: z.string().check(z.uuid('Not a valid factor id')) });

export const ChallengeInput = z.object({ factorId: z.optional(z.uuid()) });

export const Challenge = z.object({
  id: z.string(),
  type: FactorType,
  expires_at: z.int(),
  /** WebAuthn: creation options while enrolling, request options when signing in. */
  credential_options: z.optional(z.record(z.string(), z.unknown())),
});
export type Challenge = z.infer<typeof Challenge>;

export const VerifyFactorInput = z
  .object({
    challenge_id: z.string().check(z.uuid('Not a valid challenge id')),
    code: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code'))),
    credential_response: z.optional(z.record(z.string(), z.unknown())),
  })
  .check(
    z.refine((v) => Boolean(v.code) !== Boolean(v.credential_response), {
      message: 'Send either a code or a credential response',
      path: ['code'],
    }),
  );
export type VerifyFactorInput = z.infer<typeof VerifyFactorInput>;
