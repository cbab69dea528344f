import * as z from 'zod/mini';

/**
 * The auth/v1 contract, shaped like the hosted auth service the spec was written against
 * (GoTrue): the same paths, bodies and answers, with Precinct's claims in `app_metadata`.
 *
 *   POST /auth/v1/signup                       SignUpInput            -> SignUpResult
 *   POST /auth/v1/verify                       VerifyInput            -> Session
 *   POST /auth/v1/resend                       ResendInput            -> {}
 *   POST /auth/v1/unlock                       UnlockInput            -> {}
 *   POST /auth/v1/token?grant_type=password    PasswordGrantInput     -> Session
 *   POST /auth/v1/token?grant_type=refresh_token RefreshGrantInput    -> Session
 *   POST /auth/v1/logout?scope=local|others|global  (Bearer)          -> 204
 *   POST /auth/v1/recover                      RecoverInput           -> {}
 *   GET  /auth/v1/user                         (Bearer)               -> AuthUser
 *   PUT  /auth/v1/user                         UpdateUserInput        -> AuthUser
 *   GET  /auth/v1/invite?token=…               (public)               -> InvitationPreview
 *   GET  /auth/v1/.well-known/jwks.json        (public)               -> { keys: JWK[] }
 *   GET  /rest/v1/profile                      (Bearer)               -> UserProfile
 */

export const ACCOUNT_TYPES = ['limited', 'full'] as const;
export const AccountType = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountType>;
export const DEFAULT_ACCOUNT_TYPE: AccountType = 'limited';

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 hashes the whole input, but a megabyte-long "password" is an attack, not a password. */
export const MAX_PASSWORD_LENGTH = 256;

function emailAddress(missing: string) {
  return z.pipe(
    z
      .string({ error: missing })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, missing), z.maxLength(254, 'That e-mail address is too long')),
    z.email({ error: 'Enter a valid e-mail address' }),
  );
}

/** The user's own address (sign-in, sign-up, recovery). */
export const Email = emailAddress('Enter your e-mail address');
/** Someone else's address, as an administrator enters it (an invitation, an imported row). */
export const TheirEmail = emailAddress('Enter their e-mail address');

export const Password = z
  .string({ error: 'Enter a password' })
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`),
    z.maxLength(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
  );

const personName = (missing: string) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(120, 'Use at most 120 characters'));
/** The user's own name. */
export const PersonName = personName('Enter your name');
/** Someone else's name, as an administrator enters it. */
export const TheirName = personName('Enter their name');

/** The claims Precinct puts in the access token's app_metadata (spec section 3). */
export const AppMetadata = z.object({
  agency_id: z.uuid(),
  account_type: AccountType,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type AppMetadata = z.infer<typeof AppMetadata>;

export const AAL = z.enum(['aal1', 'aal2']);
export type AAL = z.infer<typeof AAL>;

/** The decoded access token. */
export const AccessTokenClaims = z.object({
  sub: z.uuid(),
  session_id: z.uuid(),
  aal: AAL,
  amr: z.array(z.object({ method: z.string(), timestamp: z.number() })),
  app_metadata: AppMetadata,
  email: z.string(),
  role: z.literal('authenticated'),
  iat: z.number(),
  exp: z.number(),
  iss: z.string(),
  aud: z.string(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

export const ColorScheme = z.enum(['light', 'dark', 'auto']);
export type ColorScheme = z.infer<typeof ColorScheme>;

/** What the user chooses for themselves; kept on the server because sign-out empties browser storage. */
export const UserMetadata = z.object({
  color_scheme: z.optional(ColorScheme),
});
export type UserMetadata = z.infer<typeof UserMetadata>;

export const AuthUser = z.object({
  id: z.uuid(),
  agency_id: z.uuid(),
  email: z.string(),
  email_confirmed_at: z.nullable(z.string()),
  name: z.string(),
  badge_number: z.nullable(z.string()),
  rank: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  account_type: AccountType,
  status: UserStatus,
  app_metadata: AppMetadata,
  user_metadata: UserMetadata,
  created_at: z.string(),
  last_sign_in_at: z.nullable(z.string()),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const Session = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.int(),
  /** Unix time (seconds) at which the access token expires. */
  expires_at: z.int(),
  /** Empty for a browser that asked for the httpOnly refresh cookie instead (server/auth/refresh-cookie.ts). */
  refresh_token: z.string(),
  /**
   * For a browser with the refresh cookie only: what it sends with a refresh to show the cookie is
   * still its signed-in session's, kept with the session where script reads it; clearing the session
   * (a sign-out, offline too) leaves the cookie unusable.
   */
  refresh_binding: z.optional(z.string()),
  user: AuthUser,
});
export type Session = z.infer<typeof Session>;

export const Timezone = z.string().check(
  z.minLength(1, 'Choose a timezone'),
  z.refine((tz: string) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a timezone from the list'),
);

export const NewAgencyInput = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Enter the agency name'), z.maxLength(120, 'Use at most 120 characters')),
  /** The FBI's Originating Agency Identifier: 9 characters, two letters (state) then 7 letters or digits. */
  ori: z.union([
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.toUpperCase(),
          z.regex(/^[A-Z]{2}[A-Z0-9]{7}$/, 'An ORI is 9 characters: the state’s two letters, then 7 letters or digits'),
        ),
    ),
    z.pipe(
      z.literal(''),
      z.transform(() => undefined),
    ),
  ]),
  timezone: Timezone,
});
export type NewAgencyInput = z.infer<typeof NewAgencyInput>;

/** Sign up either founds a new agency (agency) or accepts an invitation (invitation_token): exactly one. */
export const SignUpInput = z
  .object({
    email: Email,
    password: Password,
    name: PersonName,
    agency: z.optional(NewAgencyInput),
    invitation_token: z.optional(z.string().check(z.minLength(1))),
  })
  .check(
    z.refine((v) => Boolean(v.agency) !== Boolean(v.invitation_token), {
      message: 'Create a new agency or use an invitation, not both',
      path: ['agency'],
    }),
  );
export type SignUpInput = z.infer<typeof SignUpInput>;

/**
 * The answer to a sign-up never says whether the address already had an account (that would let
 * anyone probe who works where): an existing owner is told by e-mail instead.
 */
export const SignUpResult = z.object({
  email: z.string(),
  /** True when a confirmation e-mail was sent and the user must follow it before signing in. */
  confirmation_sent: z.boolean(),
  /** Present when no confirmation is needed (an invitation proves the address). */
  session: z.nullable(Session),
});
export type SignUpResult = z.infer<typeof SignUpResult>;

export const VerifyType = z.enum(['signup', 'recovery']);
export const VerifyInput = z.object({
  type: VerifyType,
  token: z.string().check(z.minLength(1, 'The link is missing its token')),
});
export type VerifyInput = z.infer<typeof VerifyInput>;

/** POST /auth/v1/unlock: the e-mailed unlock link (after 5 failed sign-ins) lifts the lock; the user then signs in. */
export const UnlockInput = z.object({ token: z.string().check(z.minLength(1, 'The link is missing its token')) });
export type UnlockInput = z.infer<typeof UnlockInput>;

export const ResendInput = z.object({ type: z.literal('signup'), email: Email });
export type ResendInput = z.infer<typeof ResendInput>;

export const PasswordGrantInput = z.object({
  email: Email,
  password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(MAX_PASSWORD_LENGTH)),
});
export type PasswordGrantInput = z.infer<typeof PasswordGrantInput>;

/**
 * A browser sends no refresh token: it travels in an httpOnly cookie (server/auth/refresh-cookie.ts),
 * and the browser sends the session's refresh_binding with it instead.
 */
export const RefreshGrantInput = z.object({
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  refresh_binding: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});
export type RefreshGrantInput = z.infer<typeof RefreshGrantInput>;

export const GrantType = z.enum(['password', 'refresh_token']);

export const LogoutScope = z.enum(['local', 'others', 'global']);

export const RecoverInput = z.object({ email: Email });
export type RecoverInput = z.infer<typeof RecoverInput>;

export const UpdateUserInput = z.strictObject({
  password: z.optional(Password),
  /**
   * Needed with `password`, except in a session opened by a recovery link in the last 15 minutes
   * (the link proved who the user is).
   */
  current_password: z.optional(z.string().check(z.maxLength(MAX_PASSWORD_LENGTH))),
  name: z.optional(PersonName),
  phone: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32, 'Use at most 32 characters')))),
  data: z.optional(UserMetadata),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const InvitationPreview = z.object({
  email: z.string(),
  agency_name: z.string(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
