import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { UserProfile } from './agency.ts';
import {
  AuthUser,
  GrantType,
  InvitationPreview,
  Jwks,
  LogoutScope,
  PasswordGrantInput,
  RecoverInput,
  RefreshGrantInput,
  ResendInput,
  Session,
  SignUpInput,
  SignUpResult,
  UnlockInput,
  UpdateUserInput,
  VerifyInput,
} from './auth.ts';
import {
  Challenge,
  ChallengeInput,
  EnrolledFactor,
  EnrollFactorInput,
  Factor,
  FactorList,
  FactorParams,
  RenameFactorInput,
  VerifyFactorInput,
} from './mfa.ts';

const Empty = z.object({});
const PUBLIC = { public: true } as const;
/** Signed in, even with a password alone while the user has no verified factor: enough to enrol one and see who you are. */
const SIGNED_IN = { permission: 'authenticated', aal1: 'enrol' } as const;
/** Signed in, even with a password alone when a second factor is due: enough to answer it or sign out. */
const SECOND_FACTOR_STEP = { permission: 'authenticated', aal1: 'second-factor' } as const;

/** /auth/v1 (spec section 7), shaped like the hosted auth service the spec was written against. */
export const authApi = defineApi('auth', '/auth/v1', {
  signUp: { method: 'POST', path: '/signup', access: PUBLIC, body: SignUpInput, response: SignUpResult },
  verify: { method: 'POST', path: '/verify', access: PUBLIC, body: VerifyInput, response: Session },
  resend: { method: 'POST', path: '/resend', access: PUBLIC, body: ResendInput, response: Empty },
  /** One path, two grants (password, refresh_token), as the hosted service has it. */
  token: {
    method: 'POST',
    path: '/token',
    access: PUBLIC,
    query: z.object({ grant_type: GrantType }),
    body: z.union([PasswordGrantInput, RefreshGrantInput]),
    response: Session,
  },
  logout: {
    method: 'POST',
    path: '/logout',
    access: SECOND_FACTOR_STEP,
    query: z.object({ scope: z._default(LogoutScope, 'local') }),
    response: null,
  },
  unlock: { method: 'POST', path: '/unlock', access: PUBLIC, body: UnlockInput, response: Empty },
  recover: { method: 'POST', path: '/recover', access: PUBLIC, body: RecoverInput, response: Empty },
  getUser: { method: 'GET', path: '/user', access: SIGNED_IN, response: AuthUser },
  /**
   * Changing one's own details needs aal2 when a second factor is due, except a new password in a
   * session opened by a recovery link (then the factor, like any other sign-in).
   */
  updateUser: {
    method: 'PUT',
    path: '/user',
    access: { permission: 'authenticated', aal1: 'recovery' },
    body: UpdateUserInput,
    response: AuthUser,
  },

  /** The sign-in screen reads the user's factors to ask for one (types and names only). */
  listFactors: { method: 'GET', path: '/factors', access: SECOND_FACTOR_STEP, response: FactorList },
  // Adding and removing a factor check the session themselves: once a factor is verified, only with it (factors.ts).
  enrollFactor: { method: 'POST', path: '/factors', access: SECOND_FACTOR_STEP, body: EnrollFactorInput, response: EnrolledFactor },
  renameFactor: {
    method: 'PATCH',
    path: '/factors/:factorId',
    access: SIGNED_IN,
    params: FactorParams,
    body: RenameFactorInput,
    response: Factor,
  },
  removeFactor: { method: 'DELETE', path: '/factors/:factorId', access: SECOND_FACTOR_STEP, params: FactorParams, response: null },
  challengeFactor: {
    method: 'POST',
    path: '/factors/:factorId/challenge',
    access: SECOND_FACTOR_STEP,
    params: FactorParams,
    body: z.nullish(ChallengeInput),
    response: Challenge,
  },
  verifyFactor: {
    method: 'POST',
    path: '/factors/:factorId/verify',
    access: SECOND_FACTOR_STEP,
    params: FactorParams,
    body: VerifyFactorInput,
    response: Session,
  },

  previewInvitation: {
    method: 'GET',
    path: '/invite',
    access: PUBLIC,
    query: z.object({ token: z.string().check(z.minLength(1)) }),
    response: InvitationPreview,
  },
  jwks: { method: 'GET', path: '/.well-known/jwks.json', access: PUBLIC, response: Jwks },
});

/** /rest/v1 of the signed-in user's own account. */
export const accountApi = defineApi(
  'account',
  '/rest/v1',
  { getProfile: { method: 'GET', path: '/profile', access: SIGNED_IN, response: UserProfile } },
  { tags: ['account'] },
);
