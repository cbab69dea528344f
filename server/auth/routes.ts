import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountApi, authApi } from '../../core/contracts/auth-api.ts';
import { PasswordGrantInput, RefreshGrantInput } from '../../core/contracts/auth.ts';
import { backgroundWork } from '../platform/background.ts';
import { registerApi } from '../platform/endpoints.ts';
import { validationError } from '../platform/errors.ts';
import { userKey } from '../platform/rate-limits.ts';
import type { Services } from '../platform/services.ts';
import { getCurrentUser, getProfile, profileRead, signOut, updateCurrentUser } from './current-user.ts';
import { challengeFactor, enrollFactor, listMyFactors, removeFactor, renameFactor, verifyFactor } from './factors.ts';
import { previewInvitation } from './invitations.ts';
import { unlockWithLink } from './lockout.ts';
import { requestPasswordRecovery, resendConfirmation } from './recover-account.ts';
import { clearRefreshCookie, deliverSession, readRefreshCookie } from './refresh-cookie.ts';
import { refreshSession, signInWithPassword, verifyLink } from './sign-in.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import { signUp } from './sign-up.ts';

/** The handlers of authApi (core/contracts/auth-api.ts). Every auth endpoint is rate limited, in front of the per-account lockout. */
export function authRoutes(app: FastifyInstance, services: Services) {
  const perAddress = { max: services.config.authRateLimitPerMinute, timeWindow: 60_000 };
  // Signed-in endpoints count per user instead: officers at one station share an address.
  const perUser = { ...perAddress, keyGenerator: (request: FastifyRequest) => userKey(request) };
  const secure = services.config.publicUrl.startsWith('https:');
  const throttle = new SignInThrottle({ failuresPerAddress: services.config.signInFailuresPerAddress });
  // Recovery and confirmation e-mails are prepared after the answer, so its timing tells nothing of who has an account.
  const afterAnswer = backgroundWork(app, services);
  return registerApi(
    app,
    services,
    authApi,
    {
      signUp: async (ctx, { body, request, reply }) => {
        const result = await signUp(services, body, ctx.origin);
        return result.session ? { ...result, session: deliverSession(request, reply, result.session, secure) } : result;
      },
      verify: async (ctx, { body, request, reply }) => deliverSession(request, reply, await verifyLink(services, body, ctx.origin), secure),
      resend: async (_ctx, { body }) => {
        afterAnswer('confirmation e-mail', () => resendConfirmation(services, body));
        return {};
      },
      token: async (ctx, { query, body: raw, request, reply }) => {
        if (query.grant_type === 'password') {
          const body = PasswordGrantInput.safeParse(raw);
          if (!body.success) throw validationError(Object.fromEntries(body.error.issues.map((i) => [i.path.join('.'), i.message])));
          return deliverSession(request, reply, await signInWithPassword(services, throttle, body.data, ctx.origin), secure);
        }
        // Other clients send the refresh token in the body; a browser's comes in its cookie, with the
        // binding its readable session keeps (refresh-cookie.ts).
        const body = RefreshGrantInput.safeParse(raw);
        const sent = body.success ? body.data : {};
        const cookieToken = sent.refresh_token ? null : readRefreshCookie(request);
        const refreshToken = sent.refresh_token ?? cookieToken;
        if (!refreshToken) throw validationError({ refresh_token: 'Send the refresh token' });
        const cookie = cookieToken ? { binding: sent.refresh_binding } : undefined;
        return deliverSession(request, reply, await refreshSession(services, { refresh_token: refreshToken }, cookie), secure);
      },
      logout: async (ctx, { query, reply }) => {
        clearRefreshCookie(reply, secure);
        return signOut(services, ctx.scope, query.scope, ctx.actor);
      },
      unlock: async (ctx, { body }) => {
        await unlockWithLink(services, body, { origin: ctx.origin });
        return {};
      },
      recover: async (_ctx, { body }) => {
        afterAnswer('password recovery e-mail', () => requestPasswordRecovery(services, body));
        return {};
      },
      getUser: { handle: (ctx) => getCurrentUser(ctx), route: { firstRead: profileRead } },
      updateUser: (ctx, { body }) => updateCurrentUser(services, ctx.scope, body, ctx.actor),

      listFactors: (ctx) => listMyFactors(ctx),
      enrollFactor: (ctx, { body }) => enrollFactor(services, ctx.scope, body, ctx.actor),
      renameFactor: (ctx, { params, body }) => renameFactor(services, ctx.scope, params.factorId, body.friendly_name, ctx.actor),
      removeFactor: (ctx, { params }) => removeFactor(services, ctx.scope, params.factorId, ctx.actor),
      challengeFactor: (ctx, { params }) => challengeFactor(services, ctx.scope, params.factorId),
      verifyFactor: async (ctx, { params, body, request, reply }) =>
        deliverSession(request, reply, await verifyFactor(services, ctx.scope, params.factorId, body, ctx.actor), secure),

      previewInvitation: (_ctx, { query }) => previewInvitation(services, query.token),
      jwks: async (_ctx, { reply }) => {
        reply.header('cache-control', 'public, max-age=300');
        return services.keys.jwks();
      },
    },
    { route: (endpoint) => ({ rateLimit: 'public' in endpoint.access ? perAddress : perUser }) },
  );
}

/** The handlers of accountApi: the signed-in user's own profile. */
export function accountRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, accountApi, { getProfile: { handle: (ctx) => getProfile(ctx), route: { firstRead: profileRead } } });
}
