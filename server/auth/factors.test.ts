import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { eq } from 'drizzle-orm';
import { agencies, mfaChallenges } from '../db/schema.ts';
import { DATABASE_KINDS, startTestServer, tokenFromLink, type TestServer } from '../test-support/test-server.ts';
import { decodeJwt, makeAgency, makeUser, signIn, type TestUser } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { EnrolledFactor } from '../../core/contracts/mfa.ts';
import { apiCaller } from '../test-support/api-calls.ts';

/** A real HTTP receiver standing in for the operator's SMS relay. */
async function startSmsRelay() {
  const messages: Array<{ to: string; text: string }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      messages.push(JSON.parse(body) as { to: string; text: string });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    messages,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe.each(DATABASE_KINDS)('second factors on %s', (kind) => {
  let server: TestServer;
  let relay: Awaited<ReturnType<typeof startSmsRelay>>;
  beforeAll(async () => {
    relay = await startSmsRelay();
    server = await startTestServer(kind, { SMS_WEBHOOK_URL: relay.url });
  });
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  const call = apiCaller(() => server);

  async function enrolTotp(session: Session) {
    const enrolled = (
      await call(session, 'POST', '/auth/v1/factors', { factor_type: 'totp', friendly_name: 'Work phone app' })
    ).json() as EnrolledFactor;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.totp!.secret), digits: 6, period: 30 });
    return { enrolled, totp };
  }

  async function answer(session: Session, factorId: string, code: string) {
    const challenge = (await call(session, 'POST', `/auth/v1/factors/${factorId}/challenge`, { factorId })).json();
    return call(session, 'POST', `/auth/v1/factors/${factorId}/verify`, { challenge_id: challenge.id, code });
  }

  it('enrols an authenticator app and raises the session to aal2 with its code', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const session = await signIn(server, user);
    const { enrolled, totp } = await enrolTotp(session);
    expect(enrolled).toMatchObject({ factor_type: 'totp', status: 'unverified', strength: 'strong' });
    expect(enrolled.totp!.uri).toMatch(/^otpauth:\/\/totp\/Precinct:.*secret=/);

    const challenge = (await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/challenge`, { factorId: enrolled.id })).json();
    expect(challenge).toMatchObject({ type: 'totp', id: expect.any(String) });
    expect(challenge.expires_at - Date.now() / 1000).toBeGreaterThan(290);
    expect(challenge.expires_at - Date.now() / 1000).toBeLessThanOrEqual(300);
    const verified = await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/verify`, {
      challenge_id: challenge.id,
      code: totp.generate(),
    });
    expect(verified.statusCode).toBe(200);
    const raised = verified.json() as Session;
    expect(decodeJwt(raised.access_token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'password' }, { method: 'totp' }] });
    expect(raised.expires_in).toBe(3600);

    const list = (await call(raised, 'GET', '/auth/v1/factors')).json();
    expect(list).toMatchObject({
      current_level: 'aal2',
      next_level: 'aal2',
      factors: [{ status: 'verified', friendly_name: 'Work phone app' }],
    });
    expect(list.factors[0]).not.toHaveProperty('totp');
  });

  it('never accepts the same TOTP code twice, even within its 30 seconds', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const session = await signIn(server, user);
    const { enrolled, totp } = await enrolTotp(session);
    const code = totp.generate();
    expect((await answer(session, enrolled.id, code)).statusCode).toBe(200);
    const second = await signIn(server, user);
    const replay = await answer(second, enrolled.id, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fields).toEqual({ code: 'That code was already used; wait for the next one' });
  });

  it('accepts a code one step old or new, but not two', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const session = await signIn(server, user);
    const { enrolled, totp } = await enrolTotp(session);
    expect((await answer(session, enrolled.id, totp.generate({ timestamp: Date.now() - 95_000 }))).statusCode).toBe(400);
    expect((await answer(session, enrolled.id, totp.generate({ timestamp: Date.now() + 30_000 }))).statusCode).toBe(200);
  });

  it('locks the account on the fifth wrong answer in a row, even across fresh challenges, and ends the guessing session', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const session = await signIn(server, user);
    const { enrolled } = await enrolTotp(session);
    for (let i = 0; i < 4; i += 1) {
      // A fresh challenge each time: starting over must not reset the count.
      const wrong = await answer(session, enrolled.id, '000000');
      expect(wrong.json().fields).toEqual({ code: 'That code is not right; check it and try again' });
    }
    const fifth = await answer(session, enrolled.id, '000000');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('account_locked');
    expect((await call(session, 'GET', '/auth/v1/user')).statusCode).toBe(401);
    const again = await server.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(423);
  });

  it('voids a challenge after 5 wrong answers and refuses an expired one', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const session = await signIn(server, user);
    const { enrolled, totp } = await enrolTotp(session);
    const challenge = (await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/challenge`)).json();
    await server.database.withTenant(user.agencyId, (tx) =>
      tx.update(mfaChallenges).set({ failedAttempts: 5 }).where(eq(mfaChallenges.id, challenge.id)),
    );
    const sixth = await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/verify`, {
      challenge_id: challenge.id,
      code: totp.generate(),
    });
    expect(sixth.statusCode).toBe(429);

    const fresh = (await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/challenge`)).json();
    await server.database.withTenant(user.agencyId, (tx) =>
      tx
        .update(mfaChallenges)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(mfaChallenges.id, fresh.id)),
    );
    const expired = await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/verify`, {
      challenge_id: fresh.id,
      code: totp.generate(),
    });
    expect(expired.json()).toMatchObject({ code: 'token_expired', message: 'This challenge has expired; ask for a new one' });
  });

  it('texts a 6-digit phone code through the SMS relay and marks phone as the weaker factor', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const session = await signIn(server, user);
    const phone = `+1555010${kind === 'pglite' ? '0001' : '0002'}`;
    const enrolled = (
      await call(session, 'POST', '/auth/v1/factors', { factor_type: 'phone', phone: phone.replace('+1555', '+1 (555) ') })
    ).json();
    expect(enrolled).toMatchObject({ factor_type: 'phone', strength: 'weaker', phone_hint: `•••• ${phone.slice(-4)}` });
    const challenge = (await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/challenge`)).json();
    expect(challenge.expires_at - Date.now() / 1000).toBeGreaterThan(590);
    const text = relay.messages.filter((m) => m.to === phone).at(-1)!;
    const code = /\b(\d{6})\b/.exec(text.text)![1]!;
    const verified = await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/verify`, { challenge_id: challenge.id, code });
    expect(verified.statusCode).toBe(200);
    const again = await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/verify`, { challenge_id: challenge.id, code });
    expect(again.json().code).toBe('invalid_token');
  });

  it('names a bad phone number and a bad code field by field', async () => {
    const session = await signIn(server, await makeUser(server, await makeAgency(server)));
    const bad = await call(session, 'POST', '/auth/v1/factors', { factor_type: 'phone', phone: '12' });
    expect(bad.json().fields).toEqual({ phone: 'Enter the number in international form, e.g. +1 555 010 0123' });
    const badCode = await call(session, 'POST', '/auth/v1/factors/00000000-0000-4000-8000-000000000000/verify', {
      challenge_id: '00000000-0000-4000-8000-000000000000',
      code: '12ab',
    });
    expect(badCode.json().fields).toEqual({ code: 'Enter the 6-digit code' });
  });

  it('offers WebAuthn creation options for the agency’s host name while enrolling a security key', async () => {
    const session = await signIn(server, await makeUser(server, await makeAgency(server)));
    const enrolled = (await call(session, 'POST', '/auth/v1/factors', { factor_type: 'webauthn' })).json();
    const challenge = (await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/challenge`)).json();
    expect(challenge.credential_options).toMatchObject({
      rp: { id: 'precinct.test', name: 'Precinct' },
      challenge: expect.any(String),
      attestation: 'none',
    });
    const refused = await call(session, 'POST', `/auth/v1/factors/${enrolled.id}/verify`, {
      challenge_id: challenge.id,
      credential_response: { id: 'forged', response: {} },
    });
    expect(refused.json().fields).toEqual({ credential_response: 'The security key’s answer was not accepted; try again' });
  });

  it('does not let a password-only session add a factor of its own and reach aal2 when a verified factor exists', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const owner = await signIn(server, user);
    const { enrolled, totp } = await enrolTotp(owner);
    await answer(owner, enrolled.id, totp.generate());
    const intruder = await signIn(server, user);
    const added = await call(intruder, 'POST', '/auth/v1/factors', { factor_type: 'totp' });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toMatchObject({ code: 'insufficient_aal', message: 'Verify one of your factors before adding another' });
    expect((await call(intruder, 'GET', '/auth/v1/factors')).json().current_level).toBe('aal1');
  });

  it('needs an aal2 session to remove a factor once one is verified', async () => {
    const user = await makeUser(server, await makeAgency(server));
    const session = await signIn(server, user);
    const { enrolled, totp } = await enrolTotp(session);
    const raised = (await answer(session, enrolled.id, totp.generate())).json() as Session;
    const passwordOnly = await signIn(server, user);
    expect((await call(passwordOnly, 'DELETE', `/auth/v1/factors/${enrolled.id}`)).json().code).toBe('insufficient_aal');
    expect((await call(raised, 'PATCH', `/auth/v1/factors/${enrolled.id}`, { friendly_name: 'Old phone' })).json().friendly_name).toBe(
      'Old phone',
    );
    expect((await call(raised, 'DELETE', `/auth/v1/factors/${enrolled.id}`)).statusCode).toBe(204);
    expect((await call(raised, 'GET', '/auth/v1/factors')).json().factors).toEqual([]);
  });

  it('lets a user of an agency that requires MFA in only after verifying a factor', async () => {
    const agency = await makeAgency(server);
    await server.database.withTenant(agency.id, (tx) =>
      tx
        .update(agencies)
        .set({ securityPolicy: { mfa_required: 'everyone' } })
        .where(eq(agencies.id, agency.id)),
    );
    const user: TestUser = await makeUser(server, agency);
    const session = await signIn(server, user);
    expect((await call(session, 'GET', '/auth/v1/factors')).json()).toMatchObject({
      required: true,
      current_level: 'aal1',
      next_level: 'aal1',
    });
    const { enrolled, totp } = await enrolTotp(session);
    const raised = (await answer(session, enrolled.id, totp.generate())).json() as Session;
    const update = await server.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: raised.access_token,
      payload: { name: 'Verified Officer' },
    });
    expect(update.statusCode).toBe(200);
    // The raised session stays aal2 across refreshes.
    const refreshed = await server.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: raised.refresh_token },
    });
    expect(decodeJwt(refreshed.json().access_token).aal).toBe('aal2');
  });

  it('asks a recovery link’s holder without a factor, in an agency that requires one, to add one rather than verify one they do not have', async () => {
    const agency = await makeAgency(server);
    await server.database.withTenant(agency.id, (tx) =>
      tx
        .update(agencies)
        .set({ securityPolicy: { mfa_required: 'everyone' } })
        .where(eq(agencies.id, agency.id)),
    );
    const user = await makeUser(server, agency);
    await server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: user.email } });
    const message = await server.waitForMail(user.email, /Reset your Precinct password/);
    const recovery = (
      await server.request({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'recovery', token: tokenFromLink(message.links) } })
    ).json() as Session;
    const renamed = await server.request({
      method: 'PUT',
      url: '/auth/v1/user',
      token: recovery.access_token,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({
      code: 'insufficient_aal',
      message: 'Your agency requires a second sign-in factor: verify one to continue',
    });
  });

  describe('once a factor is verified, in an agency that does not require one', () => {
    async function userWithFactor() {
      const user = await makeUser(server, await makeAgency(server));
      const first = await signIn(server, user);
      const { enrolled, totp } = await enrolTotp(first);
      expect((await answer(first, enrolled.id, totp.generate())).statusCode).toBe(200);
      return { user, factorId: enrolled.id, totp };
    }

    it('refuses a password-only session everything but the factor step and sign-out', async () => {
      const { user, factorId, totp } = await userWithFactor();
      const passwordOnly = await signIn(server, user);
      for (const url of ['/rest/v1/profile', '/rest/v1/fleet/home', '/auth/v1/user']) {
        const refused = await call(passwordOnly, 'GET', url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json(), url).toMatchObject({
          code: 'insufficient_aal',
          message: 'This account requires a second sign-in factor: verify it to continue',
        });
      }
      expect((await call(passwordOnly, 'PATCH', `/auth/v1/factors/${factorId}`, { friendly_name: 'Mine now' })).statusCode).toBe(403);
      expect((await call(passwordOnly, 'GET', '/auth/v1/factors')).json()).toMatchObject({ current_level: 'aal1', next_level: 'aal2' });

      const raised = (await answer(passwordOnly, factorId, totp.generate({ timestamp: Date.now() + 30_000 }))).json() as Session;
      expect((await call(raised, 'GET', '/rest/v1/profile')).statusCode).toBe(200);
      expect((await call(raised, 'GET', '/rest/v1/fleet/home')).statusCode).toBe(200);
      expect((await call(passwordOnly, 'POST', '/auth/v1/logout')).statusCode).toBe(204);
    });

    it('lets a recovery link set a new password, and then asks for the factor like any sign-in', async () => {
      const { user } = await userWithFactor();
      await server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: user.email } });
      const message = await server.waitForMail(user.email, /Reset your Precinct password/);
      const recovery = (
        await server.request({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'recovery', token: tokenFromLink(message.links) } })
      ).json() as Session;
      expect(decodeJwt(recovery.access_token)).toMatchObject({ aal: 'aal1' });

      const renamed = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: recovery.access_token,
        payload: { name: 'Someone Else' },
      });
      expect(renamed.json()).toMatchObject({ code: 'insufficient_aal' });
      const changed = await server.request({
        method: 'PUT',
        url: '/auth/v1/user',
        token: recovery.access_token,
        payload: { password: 'a brand new passphrase' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await call(recovery, 'GET', '/rest/v1/profile')).json()).toMatchObject({ code: 'insufficient_aal' });
      const next = await signIn(server, { email: user.email, password: 'a brand new passphrase' });
      expect((await call(next, 'GET', '/rest/v1/profile')).statusCode).toBe(403);
    });
  });

  it('lets an administrator reset a user’s factors, which ends the user’s sessions', async () => {
    const agency = await makeAgency(server);
    const user = await makeUser(server, agency);
    const session = await signIn(server, user);
    const { enrolled, totp } = await enrolTotp(session);
    await answer(session, enrolled.id, totp.generate());
    const admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'] }));
    expect((await call(admin, 'POST', `/rest/v1/admin/users/${user.id}/factors/reset`)).statusCode).toBe(200);
    expect((await call(session, 'GET', '/auth/v1/user')).statusCode).toBe(401);
    const fresh = await signIn(server, user);
    expect((await call(fresh, 'GET', '/auth/v1/factors')).json().factors).toEqual([]);
  });

  it('keeps one user’s factors out of another user’s reach', async () => {
    const agency = await makeAgency(server);
    const owner = await signIn(server, await makeUser(server, agency));
    const other = await signIn(server, await makeUser(server, agency));
    const { enrolled } = await enrolTotp(owner);
    expect((await call(other, 'POST', `/auth/v1/factors/${enrolled.id}/challenge`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/auth/v1/factors/${enrolled.id}`)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/auth/v1/factors/${enrolled.id}`, { friendly_name: 'mine now' })).statusCode).toBe(404);
  });
});
