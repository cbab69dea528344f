import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser } from '../test-support/factories.ts';

describe('e-mail without an SMTP server', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No SMTP_URL: the message is kept in the outbox and its text written to the server log.
    server = await startTestServer('pglite', { SMTP_URL: '' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the message in the outbox, marked as logged, with its link readable', async () => {
    const agency = await makeAgency(server);
    const user = await makeUser(server, agency);
    await server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: user.email } });
    // The recovery e-mail is written after the answer has gone.
    const outbox = () =>
      server.database.withTenant(agency.id, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.agencyId, agency.id)));
    await expect.poll(async () => (await outbox()).filter((row) => row.status === 'logged').length).toBe(1);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: user.email, status: 'logged', subject: 'Reset your Precinct password' });
    expect(rows[0]!.text).toMatch(/http:\/\/precinct\.test\/forgotpassword\/update\?token=/);
    expect(server.mail.messages).toHaveLength(0);
  });
});

describe('e-mail when the SMTP server is down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the message pending for a later retry instead of losing it', async () => {
    const agency = await makeAgency(server);
    const user = await makeUser(server, agency);
    const response = await server.request({ method: 'POST', url: '/auth/v1/recover', payload: { email: user.email } });
    expect(response.statusCode).toBe(200);
    // Delivery runs once the answer is out (the platform sends what a request queued after its transaction).
    await vi.waitFor(
      async () => {
        const [row] = await server.database.withTenant(agency.id, (tx) =>
          tx.select().from(mailOutbox).where(eq(mailOutbox.agencyId, agency.id)),
        );
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row!.lastError).toBeTruthy();
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('tries each waiting message once a run, the next one after one failed, and keeps both for a later retry', async () => {
    const agency = await makeAgency(server);
    const { mailer } = server.services;
    await server.database.withTenant(agency.id, async (tx) => {
      await mailer.enqueue(tx, agency.id, { to: 'first@example.test', subject: 'First', text: 'One' });
      await mailer.enqueue(tx, agency.id, { to: 'second@example.test', subject: 'Second', text: 'Two' });
    });
    await mailer.deliver(agency.id);
    const rows = await server.database.withTenant(agency.id, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.agencyId, agency.id)),
    );
    const tried = rows
      .filter((row) => row.to.endsWith('@example.test'))
      .map(({ subject, status, attempts }) => ({ subject, status, attempts }))
      .sort((a, b) => a.subject.localeCompare(b.subject));
    expect(tried).toEqual([
      { subject: 'First', status: 'pending', attempts: 1 },
      { subject: 'Second', status: 'pending', attempts: 1 },
    ]);
  });
});
