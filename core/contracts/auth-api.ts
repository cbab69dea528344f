import { z } from 'zod';
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
/** Signed in, even with a password alone where the agency requires a second factor: enough to enrol or verify one, see who you are, sign out. */
const SIGNED_IN = { permission: 'authenticated', allowAal1: true } as const;

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
  logout: { method: 'POST', path: '/logout', access: SIGNED_IN, query: z.object({ scope: LogoutScope.default('local') }), response: null },
  unlock: { method: 'POST', path: '/unlock', access: PUBLIC, body: UnlockInput, response: Empty },
  recover: { method: 'POST', path: '/recover', access: PUBLIC, body: RecoverInput, response: Empty },
  getUser: { method: 'GET', path: '/user', access: SIGNED_IN, response: AuthUser },
  // Changing one's own details needs the second factor where the agency requires one.
  updateUser: { method: 'PUT', path: '/user', access: { permission: 'authenticated' }, body: UpdateUserInput, response: AuthUser },

  listFactors: { method: 'GET', path: '/factors', access: SIGNED_IN, response: FactorList },
  enrollFactor: { method: 'POST', path: '/factors', access: SIGNED_IN, body: EnrollFactorInput, response: EnrolledFactor },
  renameFactor: {
    method: 'PATCH',
    path: '/factors/:factorId',
    access: SIGNED_IN,
    params: FactorParams,
    body: RenameFactorInput,
    response: Factor,
  },
  removeFactor: { method: 'DELETE', path: '/factors/:factorId', access: SIGNED_IN, params: FactorParams, response: null },
  challengeFactor: {
    method: 'POST',
    path: '/factors/:factorId/challenge',
    access: SIGNED_IN,
    params: FactorParams,
    body: ChallengeInput.nullish(),
    response: Challenge,
  },
  verifyFactor: {
    method: 'POST',
    path: '/factors/:factorId/verify',
    access: SIGNED_IN,
    params: FactorParams,
    body: VerifyFactorInput,
    response: Session,
  },

  previewInvitation: {
    method: 'GET',
    path: '/invite',
    access: PUBLIC,
    query: z.object({ token: z.string().min(1) }),
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
