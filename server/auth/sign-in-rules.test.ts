import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { agencies, sessions } from '../db/schema.ts';
import { DATABASE_KINDS, startTestServer, tokenFromLink, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, TEST_PASSWORD, type TestAgency } from '../test-support/factories.ts';
import { queryRows } from '../platform/database.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { SecurityPolicy } from '../../core/contracts/agency.ts';
import type { EnrolledFactor } from '../../core/contracts/mfa.ts';
import * as OTPAuth from 'otpauth';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe.each(DATABASE_KINDS)('CJIS sign-in and session rules on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const passwordGrant = (email: string, password: string) =>
    server.request({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password } });

  async function setPolicy(agency: TestAgency, policy: SecurityPolicy) {
    await server.database.withTenant(agency.id, (tx) =>
      tx.update(agencies).set({ securityPolicy: policy }).where(eq(agencies.id, agency.id)),
    );
  }

  async function auditActions(agencyId: string): Promise<string[]> {
    const rows = await server.database.withTenant(agencyId, (tx) =>
      queryRows<{ action: string }>(tx, sql`select action from audit_log order by id`),
    );
    return rows.map((r) => r.action);
  }

  describe('passwords', () => {
    it('refuses one of the most common passwords whatever its length, and says why', async () => {
      const response = await server.request({
        method: 'POST',
        url: '/auth/v1/signup',
        payload: {
          email: `common-${kind}@precinct.test`,
          password: 'Password1',
          name: 'Common',
          agency: { name: 'Common PD', timezone: 'UTC' },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        password: 'This is one of the most common passwords, so it is easy to guess; choose another',
      });
    });

    it('refuses a password built from the user’s address, name or agency, a common one with digits added, or the current one, saying why beside the field', async () => {
      const agency = await makeAgency(server, 'Riverside County Sheriff');
      const user = await makeUser(server, agency, { email: `dana.whitfield.${kind}@precinct.test`, name: 'Dana Whitfield' });
      const session = await signIn(server, user);
      const change = (password: string) =>
        server.request({
          method: 'PUT',
          url: '/auth/v1/user',
          token: session.access_token,
          payload: { password, current_password: TEST_PASSWORD },
        });
      const context =
        'Do not build your password from your name, your e-mail address or your agency’s name; someone guessing would try those first';
      const common = 'This is one of the most common passwords, so it is easy to guess; choose another';
      const refusals: Array<[string, string]> = [
        [user.email, context],
        ['Riverside County Sheriff', context],
        ['riversidecounty2026!', context],
        ['Whitfield.Dana#1', context],
        ['letmein123', common],
        ['Sunshine2026!!', common],
        [TEST_PASSWORD, 'This is your current password; choose a new one'],
      ];
      for (const [password, reason] of refusals) {
        const refused = await change(password);
        expect(refused.statusCode, password).toBe(400);
        expect(refused.json().fields, password).toEqual({ password: reason });
      }
      expect((await change('harbor lantern quietly 88')).statusCode).toBe(200);
    });

    it('answers a wrong current password before saying anything about the new one, so a session cannot test guesses of its password', async () => {
      const session = await signIn(server, await makeUser(server, await makeAgency(server)));
      const refused = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: session.access_token,
        payload: { password: TEST_PASSWORD, current_password: 'a wrong guess entirely' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ current_password: 'That is not your current password' });
    });

    it('lets a recovery link set the password the account already had, rather than tell whoever holds the link what the old one was', async () => {
      const user = await makeUser(server, await makeAgency(server));
      await server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: user.email } });
      const message = await server.waitForMail(user.email, /Reset your Precinct password/);
      const recovery = (
        await server.request({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'recovery', token: tokenFromLink(message.links) } })
      ).json() as Session;
      const change = (password: string) =>
        server.request({ method: 'PUT', url: '/auth/v1/user', token: recovery.access_token, payload: { password } });
      expect((await change('not what it was before 1')).statusCode).toBe(200);
      expect((await change('not what it was before 1')).statusCode).toBe(200);
      await signIn(server, { email: user.email, password: 'not what it was before 1' });
    });

    it('holds a new password to the agency’s minimum length', async () => {
      const agency = await makeAgency(server);
      await setPolicy(agency, { min_password_length: 14 });
      const session = await signIn(server, await makeUser(server, agency));
      const response = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: session.access_token,
        payload: { password: 'twelve chars', current_password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ password: 'Use at least 14 characters' });
    });
  });

  describe('lockout after failed sign-ins', () => {
    it('locks the account on the fifth failure in a row, tells only the right password, e-mails an unlock link that works once, and audits it all', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency);
      for (let attempt = 1; attempt <= 5; attempt += 1)
        expect((await passwordGrant(user.email, `wrong ${attempt}`)).json().code).toBe('invalid_credentials');

      // The right password is refused while locked, and is the only answer that says so.
      const rightPassword = await passwordGrant(user.email, TEST_PASSWORD);
      expect(rightPassword.statusCode).toBe(423);
      expect(rightPassword.json()).toMatchObject({
        code: 'account_locked',
        message: expect.stringMatching(/locked after 5 failed sign-ins.*e-mailed you a link/),
      });

      const message = await server.waitForMail(user.email, /locked/);
      expect(message.links[0]).toMatch(/^http:\/\/precinct\.test\/login\?unlock=/);
      const token = new URL(message.links[0]!).searchParams.get('unlock')!;
      expect((await server.request({ method: 'POST', url: '/auth/v1/unlock', payload: { token } })).statusCode).toBe(200);
      expect((await server.request({ method: 'POST', url: '/auth/v1/unlock', payload: { token } })).statusCode).toBe(400);
      await signIn(server, user);

      expect(await auditActions(agency.id)).toEqual([
        ...Array(5).fill('auth.sign_in_failed'),
        'auth.locked',
        'auth.sign_in_refused',
        'auth.unlocked',
        'auth.signed_in',
      ]);
    });

    it('counts every one of many wrong passwords sent at the same moment, so a burst of guesses still locks', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency);
      await Promise.all(Array.from({ length: 8 }, (_, i) => passwordGrant(user.email, `parallel guess ${i}`)));
      expect((await passwordGrant(user.email, TEST_PASSWORD)).statusCode).toBe(423);
    });

    it('counts only failures within 15 minutes of each other, and a success resets the count', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency);
      for (let i = 0; i < 4; i += 1) await passwordGrant(user.email, 'wrong');
      await server.database.withTenant(agency.id, (tx) =>
        tx.execute(sql`update users set last_failed_sign_in_at = now() - interval '16 minutes' where id = ${user.id}`),
      );
      expect((await passwordGrant(user.email, 'wrong again')).json().code).toBe('invalid_credentials');
      await signIn(server, user);
      for (let i = 0; i < 4; i += 1) expect((await passwordGrant(user.email, 'wrong')).statusCode).toBe(400);
    });

    it('sends no unlock link when the agency turned self-unlock off; an administrator unlocks instead', async () => {
      const agency = await makeAgency(server);
      await setPolicy(agency, { self_unlock: false });
      const user = await makeUser(server, agency);
      const admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
      for (let i = 0; i < 5; i += 1) await passwordGrant(user.email, 'wrong');
      const locked = await passwordGrant(user.email, TEST_PASSWORD);
      expect(locked.json().message).toMatch(/your agency administrator can unlock it\.$/);
      await expect(server.waitForMail(user.email, /locked/, 300)).rejects.toThrow();
      const listed = await server.request({ method: 'GET', url: `/rest/v1/admin/users/${user.id}`, token: admin.access_token });
      expect(listed.json().locked).toBe(true);
      const unlocked = await server.request({ method: 'POST', url: `/rest/v1/admin/users/${user.id}/unlock`, token: admin.access_token });
      expect(unlocked.json().locked).toBe(false);
      await signIn(server, user);
    });

    it('answers a wrong password for a real account, a locked one and an unknown address alike', async () => {
      const agency = await makeAgency(server);
      const real = await makeUser(server, agency);
      const locked = await makeUser(server, agency);
      for (let i = 0; i < 5; i += 1) await passwordGrant(locked.email, 'wrong');
      const answers = await Promise.all(
        [real.email, locked.email, `nobody-${kind}@precinct.test`].map(async (email) => {
          const response = await passwordGrant(email, 'still wrong');
          return { status: response.statusCode, body: response.json() };
        }),
      );
      expect(answers[0]).toEqual({
        status: 400,
        body: expect.objectContaining({ code: 'invalid_credentials', message: 'Invalid login credentials' }),
      });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    });

    it('takes as long to refuse a wrong password for a real account as for an unknown address', async () => {
      const user = await makeUser(server, await makeAgency(server));
      const unknown = `nobody-timed-${kind}@precinct.test`;
      const timed = async (email: string) => {
        const started = performance.now();
        await passwordGrant(email, 'not the password');
        return performance.now() - started;
      };
      await timed(unknown); // the dummy hash is made on first use
      const real: number[] = [];
      const none: number[] = [];
      // Alternating, and fewer than the lockout's five per account, so both see the same machine.
      for (let i = 0; i < 4; i += 1) {
        real.push(await timed(user.email));
        none.push(await timed(unknown));
      }
      const second = await makeUser(server, await makeAgency(server));
      for (let i = 0; i < 3; i += 1) {
        real.push(await timed(second.email));
        none.push(await timed(unknown));
      }
      // As a ratio, so a busy machine slowing both alike does not move it: skipping the hash for an
      // unknown address answers it in a fraction of the time the real account takes.
      const [fast, slow] = [median(real), median(none)].sort((a, b) => a - b) as [number, number];
      expect(fast / slow, `real ${real.map(Math.round)} / unknown ${none.map(Math.round)}`).toBeGreaterThan(0.7);
    });

    it('makes each wrong password past the tenth for one address wait longer, for an unknown address too', async () => {
      const user = await makeUser(server, await makeAgency(server));
      for (const email of [user.email, `nobody-throttled-${kind}@precinct.test`]) {
        for (let i = 0; i < 10; i += 1) expect((await passwordGrant(email, 'wrong')).statusCode).toBe(400);
        const waiting = await passwordGrant(email, TEST_PASSWORD);
        expect(waiting.statusCode).toBe(429);
        expect(waiting.json()).toMatchObject({ code: 'rate_limited', message: 'Too many sign-in attempts; try again in 1 second' });
      }
    });

    /** Signs the user in, enrols an authenticator app and verifies it; `answer` answers a fresh challenge in a session. */
    async function withAuthenticator(user: { email: string; password: string }) {
      const first = await signIn(server, user);
      const enrolled = (
        await server.request({ method: 'POST', url: '/auth/v1/factors', token: first.access_token, payload: { factor_type: 'totp' } })
      ).json() as EnrolledFactor;
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.totp!.secret), digits: 6, period: 30 });
      const answer = async (session: Session, code: string) => {
        const challenge = (
          await server.request({ method: 'POST', url: `/auth/v1/factors/${enrolled.id}/challenge`, token: session.access_token })
        ).json();
        return server.request({
          method: 'POST',
          url: `/auth/v1/factors/${enrolled.id}/verify`,
          token: session.access_token,
          payload: { challenge_id: challenge.id, code },
        });
      };
      expect((await answer(first, totp.generate())).statusCode).toBe(200);
      return { totp, answer };
    }

    it('lets the right password and then the second factor back into a locked account, which unlocks it', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency);
      const { totp, answer } = await withAuthenticator(user);
      for (let i = 0; i < 5; i += 1) await passwordGrant(user.email, 'wrong');

      const passwordOnly = await passwordGrant(user.email, TEST_PASSWORD);
      expect(passwordOnly.statusCode).toBe(200);
      const session = passwordOnly.json() as Session;
      expect((await server.request({ method: 'GET', url: '/rest/v1/profile', token: session.access_token })).json().code).toBe(
        'insufficient_aal',
      );
      const raised = await answer(session, totp.generate({ timestamp: Date.now() + 30_000 }));
      expect(raised.statusCode).toBe(200);
      expect((await server.request({ method: 'GET', url: '/rest/v1/profile', token: raised.json().access_token })).statusCode).toBe(200);
      expect(await auditActions(agency.id)).toContain('auth.unlocked');
      expect((await passwordGrant(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('keeps an account locked for the right password and a verified second factor when the agency turned self-unlock off', async () => {
      const agency = await makeAgency(server);
      await setPolicy(agency, { self_unlock: false });
      const user = await makeUser(server, agency);
      const { totp, answer } = await withAuthenticator(user);
      // A password-only session opened before the lock, then the lock.
      const openedBefore = await signIn(server, user);
      for (let i = 0; i < 5; i += 1) await passwordGrant(user.email, 'wrong');

      const passwordOnly = await passwordGrant(user.email, TEST_PASSWORD);
      expect(passwordOnly.statusCode).toBe(423);
      expect(passwordOnly.json().message).toMatch(/your agency administrator can unlock it\.$/);
      const answered = await answer(openedBefore, totp.generate({ timestamp: Date.now() + 30_000 }));
      expect(answered.statusCode).toBe(423);
      expect(answered.json().code).toBe('account_locked');
      expect(await auditActions(agency.id)).not.toContain('auth.unlocked');
      expect((await passwordGrant(user.email, TEST_PASSWORD)).statusCode).toBe(423);
    });

    it('does not let a recovery link sign in a locked account', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency);
      await server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: user.email } });
      const recovery = await server.waitForMail(user.email, /Reset/);
      for (let i = 0; i < 5; i += 1) await passwordGrant(user.email, 'wrong');
      const verify = await server.request({
        method: 'POST',
        url: '/auth/v1/verify',
        payload: { type: 'recovery', token: tokenFromLink(recovery.links) },
      });
      expect(verify.statusCode).toBe(423);
    });
  });

  describe('inactivity and session length', () => {
    async function idle(session: Session, agencyId: string, minutes: number) {
      await server.database.withTenant(agencyId, (tx) =>
        tx
          .update(sessions)
          .set({ lastActivityAt: new Date(Date.now() - minutes * 60_000) })
          .where(
            and(
              eq(sessions.agencyId, agencyId),
              eq(sessions.id, JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).session_id),
            ),
          ),
      );
    }

    it('ends a session left idle past the agency’s limit: the next request and the next refresh are refused', async () => {
      const agency = await makeAgency(server);
      await setPolicy(agency, { inactivity_minutes: 10 });
      const user = await makeUser(server, agency);
      const session = await signIn(server, user);
      await idle(session, agency.id, 11);
      const refresh = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refresh.statusCode).toBe(400);
      expect(refresh.json()).toMatchObject({
        code: 'session_not_found',
        message: 'You were signed out after 10 minutes without activity; sign in again',
      });
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: session.access_token })).statusCode).toBe(401);
    });

    it('counts requests the user caused as activity, but not background requests or token refreshes', async () => {
      const agency = await makeAgency(server);
      const user = await makeUser(server, agency);
      const session = await signIn(server, user);
      const lastActivity = async () =>
        (
          await server.database.withTenant(agency.id, (tx) =>
            tx.select({ at: sessions.lastActivityAt }).from(sessions).where(eq(sessions.agencyId, agency.id)),
          )
        )[0]!.at.getTime();

      await idle(session, agency.id, 20);
      const before = await lastActivity();
      await server.request({
        method: 'GET',
        url: '/rest/v1/profile',
        token: session.access_token,
        headers: { 'x-precinct-background': '1' },
      });
      await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: session.refresh_token },
      });
      expect(await lastActivity()).toBe(before);

      await server.request({ method: 'GET', url: '/rest/v1/profile', token: session.access_token });
      expect(await lastActivity()).toBeGreaterThan(Date.now() - 5_000);
    });

    it('ends every session 12 hours after sign-in whatever the activity', async () => {
      const agency = await makeAgency(server);
      const session = await signIn(server, await makeUser(server, agency));
      await server.database.withTenant(agency.id, (tx) =>
        tx
          .update(sessions)
          .set({ notAfter: new Date(Date.now() - 1000) })
          .where(eq(sessions.agencyId, agency.id)),
      );
      expect((await server.request({ method: 'GET', url: '/auth/v1/user', token: session.access_token })).statusCode).toBe(401);
      const refresh = await server.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refresh.statusCode).toBe(400);
    });
  });

  describe('an agency that requires a second factor', () => {
    it('lets a password-only session reach only what it needs to enrol or verify a factor', async () => {
      const agency = await makeAgency(server);
      await setPolicy(agency, { mfa_required: 'everyone' });
      const session = await signIn(server, await makeUser(server, agency));
      expect((await server.request({ method: 'GET', url: '/rest/v1/profile', token: session.access_token })).statusCode).toBe(200);
      const refused = await server.request({ method: 'PUT', url: '/auth/v1/user', token: session.access_token, payload: { name: 'x' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('insufficient_aal');
    });

    it('with "admins", requires the second factor of administrators only', async () => {
      const agency = await makeAgency(server);
      await setPolicy(agency, { mfa_required: 'admins' });
      const officer = await signIn(server, await makeUser(server, agency));
      const admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
      expect(
        (await server.request({ method: 'PUT', url: '/auth/v1/user', token: officer.access_token, payload: { name: 'x' } })).statusCode,
      ).toBe(200);
      expect((await server.request({ method: 'GET', url: '/rest/v1/admin/overview', token: admin.access_token })).json().code).toBe(
        'insufficient_aal',
      );
    });
  });
});
