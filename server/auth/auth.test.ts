import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import { refreshTokens, oneTimeTokens, agencies } from '../db/schema.ts';
import { DATABASE_KINDS, startTestServer, tokenFromLink, type TestServer } from '../test-support/test-server.ts';
import { decodeJwt, makeAgency, makeUser, signIn, TEST_PASSWORD } from '../test-support/factories.ts';
import { createInvitation } from '../admin/invitations.ts';
import type { Session } from '../../core/contracts/auth.ts';

describe.each(DATABASE_KINDS)('accounts (auth/v1) on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const json = (payload: unknown) => ({ payload: payload as Record<string, unknown> });

  async function foundAgency(email: string, password = TEST_PASSWORD) {
    const response = await server.request({
      method: 'POST',
      url: '/auth/v1/signup',
      ...json({
        email,
        password,
        name: 'Avery Founder',
        agency: { name: 'Founders Police Department', timezone: 'America/Denver', ori: 'co0010000' },
      }),
    });
    return response;
  }

  async function confirm(email: string): Promise<Session> {
    const message = await server.waitForMail(email, /Confirm your Precinct account/);
    const response = await server.request({
      method: 'POST',
      url: '/auth/v1/verify',
      ...json({ type: 'signup', token: tokenFromLink(message.links) }),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Session;
  }

  describe('signing up a new agency', () => {
    it('creates the agency and its administrator, e-mails a confirmation link, and signs them in when they follow it', async () => {
      const email = `founder-${kind}@precinct.test`;
      const response = await foundAgency(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email, confirmation_sent: true, session: null });

      const message = await server.waitForMail(email, /Confirm your Precinct account/);
      expect(message.links[0]).toMatch(/^http:\/\/precinct\.test\/confirm\?token=/);

      const session = await confirm(email);
      expect(session.user.email).toBe(email);
      expect(session.user.email_confirmed_at).not.toBeNull();
      const claims = decodeJwt(session.access_token);
      expect(claims).toMatchObject({
        sub: session.user.id,
        aal: 'aal1',
        app_metadata: { agency_id: session.user.agency_id, account_type: 'full', roles: ['Administrator'], permissions: ['admin:access'] },
      });
      expect((claims.exp! as number) - (claims.iat as number)).toBe(3600);

      const profile = await server.request({ method: 'GET', url: '/rest/v1/profile', token: session.access_token });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({
        agency_info: {
          name: 'Founders Police Department',
          ori: 'CO0010000',
          timezone: 'America/Denver',
          sys_config: {
            general_settings: { timezone: 'America/Denver' },
            fleet_settings: { enabled: true },
            field_training_settings: { enabled: true },
          },
          // A new agency requires a second factor of everyone by default (QUALITY.md, CJIS IA-2).
          security: { inactivity_minutes: 30, mfa_required: 'everyone' },
        },
      });
    });

    it('refuses to sign in before the e-mail address is confirmed, and says why', async () => {
      const email = `unconfirmed-${kind}@precinct.test`;
      await foundAgency(email);
      const response = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        ...json({ email, password: TEST_PASSWORD }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'email_not_confirmed' });
    });

    it('a confirmation link works only once', async () => {
      const email = `once-${kind}@precinct.test`;
      await foundAgency(email);
      const message = await server.waitForMail(email, /Confirm/);
      const token = tokenFromLink(message.links);
      expect((await server.request({ method: 'POST', url: '/auth/v1/verify', ...json({ type: 'signup', token }) })).statusCode).toBe(200);
      const again = await server.request({ method: 'POST', url: '/auth/v1/verify', ...json({ type: 'signup', token }) });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'invalid_token' });
    });

    it('answers a sign-up with a taken address exactly like a new one, creates nothing, and tells the owner by e-mail', async () => {
      const agency = await makeAgency(server);
      const owner = await makeUser(server, agency);
      const before = await server.database.owner.select({ n: sql<number>`count(*)::int` }).from(agencies);
      const response = await foundAgency(owner.email, 'another long password');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: owner.email, confirmation_sent: true, session: null });
      const after = await server.database.owner.select({ n: sql<number>`count(*)::int` }).from(agencies);
      expect(after[0]!.n).toBe(before[0]!.n);
      await server.waitForMail(owner.email, /You already have a Precinct account/);
    });

    it('names each invalid field of a sign-up', async () => {
      const response = await server.request({
        method: 'POST',
        url: '/auth/v1/signup',
        ...json({ email: 'not-an-address', password: 'short', name: '', agency: { name: 'X', timezone: 'Mars/Olympus', ori: '123' } }),
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.fields).sort()).toEqual(['agency.name', 'agency.ori', 'agency.timezone', 'email', 'name', 'password']);
      expect(body.fields.password).toBe('Use at least 8 characters');
    });
  });

  describe('signing in with a password', () => {
    it('gives the same answer for a wrong password and an unknown address', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency);
      const wrongPassword = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        ...json({ email: user.email, password: 'not my password' }),
      });
      const unknown = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        ...json({ email: 'nobody@precinct.test', password: 'not my password' }),
      });
      for (const response of [wrongPassword, unknown]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: 'Invalid login credentials', details: null, hint: null, code: 'invalid_credentials' });
      }
    });

    it('logs an attempt on an address with no account for the operator, with the address hashed', async () => {
      const warn = vi.spyOn(server.services.log, 'warn');
      try {
        await server.request({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          ...json({ email: 'Ghost@Precinct.test', password: 'guess guess' }),
        });
        const entry = warn.mock.calls
          .map((call) => call[0] as unknown)
          .find((first) => (first as { event?: string }).event === 'auth.sign_in_unknown_email') as Record<string, unknown>;
        expect(entry).toMatchObject({ emailSha256: expect.stringMatching(/^[0-9a-f]{16}$/) });
        expect(JSON.stringify(entry)).not.toMatch(/ghost/i);
      } finally {
        warn.mockRestore();
      }
    });

    it('puts the permissions of all the user’s roles into the access token and ignores e-mail case', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency, { permissions: ['fleet:admin', 'fto:trainer'], accountType: 'limited' });
      const session = await signIn(server, { email: user.email.toUpperCase(), password: TEST_PASSWORD });
      expect(decodeJwt(session.access_token).app_metadata).toMatchObject({
        agency_id: agency.id,
        account_type: 'limited',
        permissions: ['fleet:admin', 'fto:trainer'],
      });
      expect(session.user).not.toHaveProperty('password_hash');
    });
  });

  describe('refresh tokens', () => {
    it('rotates the refresh token on every refresh', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const first = await signIn(server, user);
      const refreshed = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        ...json({ refresh_token: first.refresh_token }),
      });
      expect(refreshed.statusCode).toBe(200);
      const second = refreshed.json() as Session;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    });

    it('accepts a refresh token presented twice within seconds (two tabs) with one successor, but revokes the session when a spent one comes back later', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const first = await signIn(server, user);
      const refresh = (token: string) =>
        server.request({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', ...json({ refresh_token: token }) });
      const firstUse = await refresh(first.refresh_token);
      expect(firstUse.statusCode).toBe(200);
      const graceRetry = await refresh(first.refresh_token);
      expect(graceRetry.statusCode).toBe(200);
      const latest = graceRetry.json() as Session;
      // Both tabs hold the same successor: the session stays one chain, not two live ones.
      expect(latest.refresh_token).toBe((firstUse.json() as Session).refresh_token);
      const liveTokens = await server.database.withTenant(user.agencyId, (tx) =>
        tx
          .select()
          .from(refreshTokens)
          .where(and(eq(refreshTokens.agencyId, user.agencyId), isNull(refreshTokens.usedAt))),
      );
      expect(liveTokens).toHaveLength(1);

      // The first token was spent more than 10 seconds ago: presenting it now means it was stolen.
      await server.database.withTenant(user.agencyId, (tx) =>
        tx
          .update(refreshTokens)
          .set({ usedAt: new Date(Date.now() - 60_000) })
          .where(eq(refreshTokens.agencyId, user.agencyId)),
      );
      const reuse = await refresh(first.refresh_token);
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toMatchObject({ code: 'refresh_token_already_used' });

      // The whole session is gone: the newest refresh token and the access token stop working.
      expect((await refresh(latest.refresh_token)).statusCode).toBeGreaterThanOrEqual(400);
      const me = await server.request({ method: 'GET', url: '/auth/v1/user', token: latest.access_token });
      expect(me.statusCode).toBe(401);
    });

    it('refuses a refresh token that was never issued', async () => {
      const response = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        ...json({ refresh_token: 'made-up' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_token');
    });
  });

  describe('signing out', () => {
    it('ends the session at once: its access token gets 401 and its refresh token no longer works', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const session = await signIn(server, user);
      const other = await signIn(server, user);
      const out = await server.request({ method: 'POST', url: '/auth/v1/logout', token: session.access_token });
      expect(out.statusCode).toBe(204);
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: session.access_token })).statusCode).toBe(401);
      const refresh = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        ...json({ refresh_token: session.refresh_token }),
      });
      expect(refresh.statusCode).toBe(400);
      // Another device's session is untouched by a local sign-out.
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: other.access_token })).statusCode).toBe(200);
    });

    it('signs out everywhere with scope=global', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const [a, b] = [await signIn(server, user), await signIn(server, user)];
      expect((await server.request({ method: 'POST', url: '/auth/v1/logout?scope=global', token: a.access_token })).statusCode).toBe(204);
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: b.access_token })).statusCode).toBe(401);
    });
  });

  describe('the browser’s refresh token', () => {
    it('lives in an httpOnly, SameSite=Strict cookie only the token endpoint receives, never in what script can read', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const browser = { 'x-precinct-refresh-cookie': '1' };
      const signedIn = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: browser,
        ...json({ email: user.email, password: TEST_PASSWORD }),
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().refresh_token).toBe('');
      const cookie = String(signedIn.headers['set-cookie']);
      expect(cookie).toMatch(/^precinct-refresh=[^;]+; Path=\/auth\/v1\/token; Max-Age=43200; HttpOnly; SameSite=Strict$/);

      const refreshed = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { ...browser, cookie: cookie.split(';')[0]! },
        ...json({ refresh_binding: signedIn.json().refresh_binding }),
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toMatchObject({
        refresh_token: '',
        refresh_binding: signedIn.json().refresh_binding,
        user: { id: user.id },
      });
      const rotated = String(refreshed.headers['set-cookie']).split(';')[0]!;
      expect(rotated).not.toBe(cookie.split(';')[0]);

      const out = await server.request({ method: 'POST', url: '/auth/v1/logout', token: refreshed.json().access_token, headers: browser });
      expect(out.statusCode).toBe(204);
      expect(String(out.headers['set-cookie'])).toMatch(/^precinct-refresh=; Path=\/auth\/v1\/token; Max-Age=0; HttpOnly/);
      const afterLogout = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { ...browser, cookie: rotated },
        ...json({ refresh_binding: signedIn.json().refresh_binding }),
      });
      expect(afterLogout.statusCode).toBe(400);
    });

    it('refreshes from the cookie only with the binding the signed-in session keeps, so clearing that session on the device (a sign-out offline) disarms the cookie', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const browser = { 'x-precinct-refresh-cookie': '1' };
      const signedIn = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: browser,
        ...json({ email: user.email, password: TEST_PASSWORD }),
      });
      const binding: string = signedIn.json().refresh_binding;
      expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
      const refresh = (body: object) =>
        server.request({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', headers: { ...browser, cookie }, ...json(body) });

      for (const body of [{}, { refresh_binding: 'A'.repeat(43) }, { refresh_binding: 'é'.repeat(43) }]) {
        const refused = await refresh(body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json(), JSON.stringify(body)).toMatchObject({
          code: 'session_not_found',
          message: 'This browser was signed out; sign in again',
        });
        expect(refused.headers['set-cookie']).toBeUndefined();
      }
      // The refused attempts did not spend the token.
      expect((await refresh({ refresh_binding: binding })).statusCode).toBe(200);
    });

    it('still refreshes an API client that sends its refresh token in the body, which gets no binding', async () => {
      const session = await signIn(server, await makeUser(server, await makeAgency(server)));
      expect(session).not.toHaveProperty('refresh_binding');
      const refreshed = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        ...json({ refresh_token: session.refresh_token }),
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().refresh_token).not.toBe('');
    });
  });

  describe('password recovery', () => {
    it('e-mails a link that signs the user in to choose a new password, which then works and ends their other sessions', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const elsewhere = await signIn(server, user);
      expect((await server.request({ method: 'POST', url: '/auth/v1/recover', ...json({ email: user.email }) })).json()).toEqual({});
      const message = await server.waitForMail(user.email, /Reset your Precinct password/);
      expect(message.links[0]).toMatch(/^http:\/\/precinct\.test\/forgotpassword\/update\?token=/);
      const verified = await server.request({
        method: 'POST',
        url: '/auth/v1/verify',
        ...json({ type: 'recovery', token: tokenFromLink(message.links) }),
      });
      expect(verified.statusCode).toBe(200);
      const recovery = verified.json() as Session;

      const update = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: recovery.access_token,
        ...json({ password: 'a brand new passphrase' }),
      });
      expect(update.statusCode).toBe(200);
      await signIn(server, { email: user.email, password: 'a brand new passphrase' });
      const old = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        ...json({ email: user.email, password: TEST_PASSWORD }),
      });
      expect(old.statusCode).toBe(400);
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: elsewhere.access_token })).statusCode).toBe(401);
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: recovery.access_token })).statusCode).toBe(200);
    });

    it('answers a recovery request for an unknown address the same way and sends nothing', async () => {
      const response = await server.request({ method: 'POST', url: '/auth/v1/recover', ...json({ email: `ghost-${kind}@precinct.test` }) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      await expect(server.waitForMail(`ghost-${kind}@precinct.test`, undefined, 300)).rejects.toThrow(/No e-mail/);
    });

    it('answers a recovery request for a real address as fast as for an unknown one', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const timed = async (email: string) => {
        const started = performance.now();
        expect((await server.request({ method: 'POST', url: '/auth/v1/recover', ...json({ email }) })).statusCode).toBe(200);
        const took = performance.now() - started;
        // The e-mail's work runs after the answer: let it finish, so the next answer is timed on an idle server.
        await new Promise((resolve) => setTimeout(resolve, 60));
        return took;
      };
      const real: number[] = [];
      const none: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        real.push(await timed(user.email));
        none.push(await timed(`ghost-timed-${kind}@precinct.test`));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[3]!;
      expect(Math.abs(median(real) - median(none)), `real ${real.map(Math.round)} / unknown ${none.map(Math.round)}`).toBeLessThan(10);
      await server.waitForMail(user.email, /Reset/);
    });

    it('refuses a recovery link after its 15 minutes', async () => {
      const user = await makeUser(server, await makeAgency(server));
      await server.request({ method: 'POST', url: '/auth/v1/recover', ...json({ email: user.email }) });
      const message = await server.waitForMail(user.email, /Reset/);
      await server.database.withTenant(user.agencyId, (tx) =>
        tx
          .update(oneTimeTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(and(eq(oneTimeTokens.agencyId, user.agencyId), eq(oneTimeTokens.kind, 'recovery'))),
      );
      const response = await server.request({
        method: 'POST',
        url: '/auth/v1/verify',
        ...json({ type: 'recovery', token: tokenFromLink(message.links) }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'token_expired', message: 'This link has expired' });
    });
  });

  describe('the current user', () => {
    it('changes name, phone and the remembered colour scheme', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const session = await signIn(server, user);
      const response = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: session.access_token,
        ...json({ name: 'Renamed Officer', phone: '+1 555 0100', data: { color_scheme: 'dark' } }),
      });
      expect(response.statusCode).toBe(200);
      const me = await server.request({ method: 'GET', url: '/auth/v1/user', token: session.access_token });
      expect(me.json()).toMatchObject({ name: 'Renamed Officer', phone: '+1 555 0100', user_metadata: { color_scheme: 'dark' } });
    });

    it('needs the current password to set a new one outside a recovery link', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const session = await signIn(server, user);
      const missing = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: session.access_token,
        ...json({ password: 'new password 123' }),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ current_password: 'Enter your current password' });
      const wrong = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: session.access_token,
        ...json({ password: 'new password 123', current_password: 'nope nope nope' }),
      });
      expect(wrong.json().fields).toEqual({ current_password: 'That is not your current password' });
      const right = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: session.access_token,
        ...json({ password: 'new password 123', current_password: TEST_PASSWORD }),
      });
      expect(right.statusCode).toBe(200);
    });

    it('refuses fields a user may not set on themselves', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const session = await signIn(server, user);
      const response = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: session.access_token,
        ...json({ account_type: 'full' }),
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('invitations', () => {
    it('lets an invited person preview the invitation, choose a password and start signed in', async () => {
      const agency = await makeAgency(server, 'Inviting Police Department');
      const email = `invitee-${kind}@precinct.test`;
      const { token } = await server.database.withTenant(agency.id, (tx) =>
        createInvitation(server.services, tx, {
          agencyId: agency.id,
          invitedBy: null,
          email,
          name: 'Invited Officer',
          accountType: 'full',
          roleIds: [agency.roleIds.get('officer')!],
        }),
      );
      await server.services.mailer.deliver(agency.id);
      const message = await server.waitForMail(email, /invited to Inviting Police Department/);
      expect(tokenFromLink(message.links)).toBe(token);

      const preview = await server.request({ method: 'GET', url: `/auth/v1/invite?token=${encodeURIComponent(token)}` });
      expect(preview.json()).toMatchObject({ email, agency_name: 'Inviting Police Department' });

      const wrongAddress = await server.request({
        method: 'POST',
        url: '/auth/v1/signup',
        ...json({ email: 'someone-else@precinct.test', password: TEST_PASSWORD, name: 'Invited Officer', invitation_token: token }),
      });
      expect(wrongAddress.statusCode).toBe(400);
      expect(wrongAddress.json().fields).toEqual({ email: `This invitation is for ${email}` });

      const accepted = await server.request({
        method: 'POST',
        url: '/auth/v1/signup',
        ...json({ email, password: TEST_PASSWORD, name: 'Invited Officer', invitation_token: token }),
      });
      expect(accepted.statusCode).toBe(200);
      const body = accepted.json();
      expect(body.confirmation_sent).toBe(false);
      expect(decodeJwt(body.session.access_token).app_metadata).toMatchObject({ agency_id: agency.id, roles: ['Officer'] });
    });
  });

  describe('access tokens', () => {
    it('publishes only public keys in the JWKS', async () => {
      const response = await server.request({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' });
      const { keys } = response.json() as { keys: Array<Record<string, unknown>> };
      expect(keys.length).toBeGreaterThanOrEqual(1);
      for (const key of keys) {
        expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
        expect(key).not.toHaveProperty('d');
      }
    });

    it('refuses a token whose payload was altered with "Invalid JWT signature"', async () => {
      const session = await signIn(server, await makeUser(server, await makeAgency(server)));
      const [header, payload, signature] = session.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      claims.app_metadata.permissions = ['admin:access'];
      const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      const response = await server.request({ method: 'GET', url: '/auth/v1/user', token: forged });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid JWT signature');
    });

    it('refuses an unsigned token (alg none) and one signed by a stranger’s key', async () => {
      const session = await signIn(server, await makeUser(server, await makeAgency(server)));
      const [, payload] = session.access_token.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: none })).statusCode).toBe(401);

      const { privateKey } = await generateKeyPair('ES256');
      const kid = (JSON.parse(Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
      const stranger = await new SignJWT(decodeJwt(session.access_token)).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
      const response = await server.request({ method: 'GET', url: '/auth/v1/user', token: stranger });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid JWT signature');
    });

    it('asks for sign-in when no token is sent', async () => {
      const response = await server.request({ method: 'GET', url: '/rest/v1/profile' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized', message: 'Sign in to continue' });
    });
  });
});
