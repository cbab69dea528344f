import { z } from 'zod';
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
  phone_hint: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
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

export const PhoneNumber = z
  .string({ error: 'Enter a mobile phone number' })
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Enter the number in international form, e.g. +1 555 010 0123'));

export const FriendlyName = z.string().trim().min(1, 'Give it a name').max(60, 'Use at most 60 characters');

export const EnrollFactorInput = z.discriminatedUnion('factor_type', [
  z.object({ factor_type: z.literal('totp'), friendly_name: FriendlyName.optional() }),
  z.object({ factor_type: z.literal('phone'), friendly_name: FriendlyName.optional(), phone: PhoneNumber }),
  z.object({ factor_type: z.literal('webauthn'), friendly_name: FriendlyName.optional() }),
]);
export type EnrollFactorInput = z.infer<typeof EnrollFactorInput>;

export const EnrolledFactor = Factor.extend({
  /** For TOTP: the secret (for typing in) and the otpauth:// URI (for the QR code). Shown once. */
  totp: z.object({ secret: z.string(), uri: z.string() }).optional(),
});
export type EnrolledFactor = z.infer<typeof EnrolledFactor>;

export const RenameFactorInput = z.object({ friendly_name: FriendlyName });

export const FactorParams = z.object({ factorId: z.string().uuid('Not a valid factor id') });

export const ChallengeInput = z.object({ factorId: z.string().uuid().optional() });

export const Challenge = z.object({
  id: z.string(),
  type: FactorType,
  expires_at: z.number().int(),
  /** WebAuthn: creation options while enrolling, request options when signing in. */
  credential_options: z.record(z.string(), z.unknown()).optional(),
});
export type Challenge = z.infer<typeof Challenge>;

export const VerifyFactorInput = z
  .object({
    challenge_id: z.string().uuid('Not a valid challenge id'),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code')
      .optional(),
    credential_response: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.credential_response), {
    message: 'Send either a code or a credential response',
    path: ['code'],
  });
export type VerifyFactorInput = z.infer<typeof VerifyFactorInput>;
