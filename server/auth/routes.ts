import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
} from '../../core/contracts/auth.ts';
import { unlockWithLink } from './lockout.ts';
import { Challenge, ChallengeInput, EnrolledFactor, EnrollFactorInput, Factor, FactorList, FactorParams, RenameFactorInput, VerifyFactorInput } from '../../core/contracts/mfa.ts';
import { challengeFactor, enrollFactor, listMyFactors, removeFactor, renameFactor, verifyFactor } from './factors.ts';
import { UserProfile } from '../../core/contracts/agency.ts';
import { requireAuth } from '../platform/access.ts';
import { userKey } from '../platform/rate-limits.ts';
import { validationError } from '../platform/errors.ts';
import type { RequestOrigin, Services } from '../platform/services.ts';
import { getCurrentUser, getProfile, signOut, updateCurrentUser } from './current-user.ts';
import { previewInvitation } from './invitations.ts';
import { requestPasswordRecovery, resendConfirmation } from './recover-account.ts';
import { refreshSession, signInWithPassword, verifyLink } from './sign-in.ts';
import { signUp } from './sign-up.ts';

/**
 * PUBLIC: anyone. SIGNED_IN: signed in, even with a password alone where the agency requires a
 * second factor (enough to enrol or verify one, see who you are, sign out).
 */
const Empty = z.object({});

function origin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

function actor(request: FastifyRequest) {
  const auth = requireAuth(request);
  return { userId: auth.scope.userId, email: auth.claims.email, origin: origin(request) };
}

/** auth/v1 (spec section 7), shaped like the hosted auth service the spec was written against. */
export function authRoutes(services: Services) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];
    // Every auth endpoint is rate limited per address, in front of the per-account lockout.
    const rateLimit = { max: services.config.authRateLimitPerMinute, timeWindow: 60_000 };
    // Signed-in endpoints count per user instead: officers at one station share an address.
    const perUser = { ...rateLimit, keyGenerator: (request: FastifyRequest) => userKey(request) };
    const PUBLIC = { access: { public: true }, rateLimit } as const;
    const SIGNED_IN = { access: { permission: 'authenticated', allowAal1: true }, rateLimit: perUser } as const;

    app.post('/signup', { config: PUBLIC, schema: { tags, body: SignUpInput, response: { 200: SignUpResult } } }, (request) =>
      signUp(services, request.body, origin(request)),
    );

    app.post('/verify', { config: PUBLIC, schema: { tags, body: VerifyInput, response: { 200: Session } } }, (request) =>
      verifyLink(services, request.body, origin(request)),
    );

    app.post('/resend', { config: PUBLIC, schema: { tags, body: ResendInput, response: { 200: Empty } } }, async (request) => {
      await resendConfirmation(services, request.body);
      return {};
    });

    app.post(
      '/token',
      {
        config: PUBLIC,
        schema: {
          tags,
          querystring: z.object({ grant_type: GrantType }),
          body: z.union([PasswordGrantInput, RefreshGrantInput]),
          response: { 200: Session },
        },
      },
      async (request) => {
        if (request.query.grant_type === 'password') {
          const body = PasswordGrantInput.safeParse(request.body);
          if (!body.success) throw validationError(Object.fromEntries(body.error.issues.map((i) => [i.path.join('.'), i.message])));
          return signInWithPassword(services, body.data, origin(request));
        }
        const body = RefreshGrantInput.safeParse(request.body);
        if (!body.success) throw validationError({ refresh_token: 'Send the refresh token' });
        return refreshSession(services, body.data);
      },
    );

    app.post(
      '/logout',
      { config: SIGNED_IN, schema: { tags, querystring: z.object({ scope: LogoutScope.default('local') }) } },
      async (request, reply) => {
        await signOut(services, requireAuth(request).scope, request.query.scope, actor(request));
        return reply.status(204).send();
      },
    );

    app.post('/unlock', { config: PUBLIC, schema: { tags, body: UnlockInput, response: { 200: Empty } } }, async (request) => {
      await unlockWithLink(services, request.body, { origin: origin(request) });
      return {};
    });

    app.post('/recover', { config: PUBLIC, schema: { tags, body: RecoverInput, response: { 200: Empty } } }, async (request) => {
      await requestPasswordRecovery(services, request.body);
      return {};
    });

    app.get('/user', { config: SIGNED_IN, schema: { tags, response: { 200: AuthUser } } }, (request) =>
      getCurrentUser(services, requireAuth(request).scope),
    );

    app.put('/user', { config: { access: { permission: 'authenticated' }, rateLimit: perUser }, schema: { tags, body: UpdateUserInput, response: { 200: AuthUser } } }, (request) =>
      updateCurrentUser(services, requireAuth(request).scope, request.body, actor(request)),
    );

    app.get('/factors', { config: SIGNED_IN, schema: { tags, response: { 200: FactorList } } }, (request) =>
      listMyFactors(services, requireAuth(request).scope),
    );
    app.post('/factors', { config: SIGNED_IN, schema: { tags, body: EnrollFactorInput, response: { 200: EnrolledFactor } } }, (request) =>
      enrollFactor(services, requireAuth(request).scope, request.body, actor(request)),
    );
    app.patch('/factors/:factorId', { config: SIGNED_IN, schema: { tags, params: FactorParams, body: RenameFactorInput, response: { 200: Factor } } }, (request) =>
      renameFactor(services, requireAuth(request).scope, request.params.factorId, request.body.friendly_name, actor(request)),
    );
    app.delete('/factors/:factorId', { config: SIGNED_IN, schema: { tags, params: FactorParams } }, async (request, reply) => {
      await removeFactor(services, requireAuth(request).scope, request.params.factorId, actor(request));
      return reply.status(204).send();
    });
    app.post(
      '/factors/:factorId/challenge',
      { config: SIGNED_IN, schema: { tags, params: FactorParams, body: ChallengeInput.nullish(), response: { 200: Challenge } } },
      (request) => challengeFactor(services, requireAuth(request).scope, request.params.factorId),
    );
    app.post('/factors/:factorId/verify', { config: SIGNED_IN, schema: { tags, params: FactorParams, body: VerifyFactorInput, response: { 200: Session } } }, (request) =>
      verifyFactor(services, requireAuth(request).scope, request.params.factorId, request.body, actor(request)),
    );

    app.get(
      '/invite',
      { config: PUBLIC, schema: { tags, querystring: z.object({ token: z.string().min(1) }), response: { 200: InvitationPreview } } },
      (request) => previewInvitation(services, request.query.token),
    );

    app.get('/.well-known/jwks.json', { config: PUBLIC, schema: { tags, response: { 200: Jwks } } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return services.keys.jwks();
    });
  };
}

/** rest/v1 routes of the signed-in user's own account. */
export function accountRoutes(services: Services) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const SIGNED_IN = { access: { permission: 'authenticated', allowAal1: true } } as const;
    app.get('/profile', { config: SIGNED_IN, schema: { tags: ['account'], response: { 200: UserProfile } } }, (request) =>
      getProfile(services, requireAuth(request).scope),
    );
  };
}
