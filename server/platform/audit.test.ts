import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency, type TestAgency } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { recordAudit, verifyAuditChain, type AuditActor } from './audit.ts';
import { queryRows } from './database.ts';

const actor: AuditActor = { userId: null, email: 'ops@precinct.test', origin: { ip: '203.0.113.9', userAgent: 'audit test' } };

/** The entries of an agency's log, oldest first. */
const entriesOf = (server: TestServer, agency: TestAgency) =>
  server.database.withTenant(agency.id, (tx) =>
    queryRows<{ summary: string; before: unknown; after: unknown; prev_hash: string | null; hash: string }>(
      tx,
      sql`select summary, before, after, prev_hash, hash from audit_log where agency_id = ${agency.id} order by id`,
    ),
  );

describe.each(DATABASE_KINDS)('the audit log on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, `Audit ${kind}`);
  });
  afterAll(() => server?.close());

  it('keeps an entry’s words exactly as written, quotes, backslashes and all, and the chain still verifies', async () => {
    const summary = `O'Brien wrote "stop" \\ and \\' then ''; -- 😀 on a second\nline`;
    const after = { zeta: `it's`, alpha: { 'key with "quotes"': ['\\n', "'", 'émigré'] }, count: 3 };
    await server.database.withTenant(agency.id, async (tx) => {
      await recordAudit(tx, agency.id, actor, { action: 'test.first', entityType: 'test', summary: 'First' });
      await recordAudit(tx, agency.id, actor, { action: 'test.quoted', entityType: 'test', summary, before: null, after });
    });
    const entries = await entriesOf(server, agency);
    expect(entries.at(-1)).toMatchObject({ summary, before: null, after });
    expect(entries.at(-1)?.prev_hash).toBe(entries.at(-2)?.hash);
    expect(await server.database.withTenant(agency.id, (tx) => verifyAuditChain(tx, agency.id))).toBeNull();
  });

  it('keeps an entry whose words hold half an emoji, and the chain still verifies', async () => {
    const halfAnEmoji = '😀'.slice(0, 1);
    await server.database.withTenant(agency.id, (tx) =>
      recordAudit(tx, agency.id, actor, {
        action: 'test.cut',
        entityType: 'test',
        summary: `Renamed to Ana${halfAnEmoji}`,
        after: { name: `Ana${halfAnEmoji}`, [`key${halfAnEmoji}`]: [halfAnEmoji] },
      }),
    );
    expect((await entriesOf(server, agency)).at(-1)).toMatchObject({
      summary: 'Renamed to Ana\uFFFD',
      after: { name: 'Ana\uFFFD', 'key\uFFFD': ['\uFFFD'] },
    });
    expect(await server.database.withTenant(agency.id, (tx) => verifyAuditChain(tx, agency.id))).toBeNull();
  });

  it.each([
    ['names an actor that is not a user id', { ...actor, userId: 'not a user id' }, 'Broken', /uuid/],
    ['holds a NUL character', actor, 'Broken\0summary', /NUL/],
  ])('saves nothing of a change whose audit entry %s, and the next change saves', async (_, who, summary, error) => {
    const before = (await entriesOf(server, agency)).length;
    const counter = `audit-test-${kind}-${String(summary).length}`;
    const change = server.database.withTenant(agency.id, async (tx) => {
      await tx.execute(sql`insert into agency_counters (agency_id, name, value) values (${agency.id}, ${counter}, 1)`);
      await recordAudit(tx, agency.id, who, { action: 'test.broken', entityType: 'test', summary });
    });
    await expect(change).rejects.toThrow(error);
    const counters = () =>
      server.database.withTenant(agency.id, (tx) =>
        queryRows(tx, sql`select 1 from agency_counters where agency_id = ${agency.id} and name = ${counter}`),
      );
    expect(await counters()).toEqual([]);
    expect(await entriesOf(server, agency)).toHaveLength(before);

    await server.database.withTenant(agency.id, async (tx) => {
      await tx.execute(sql`insert into agency_counters (agency_id, name, value) values (${agency.id}, ${counter}, 1)`);
      await recordAudit(tx, agency.id, actor, { action: 'test.fixed', entityType: 'test', summary: 'Fixed' });
    });
    expect(await counters()).toHaveLength(1);
    expect(await entriesOf(server, agency)).toHaveLength(before + 1);
  });
});

describe('an agency’s changes on PostgreSQL', { timeout: 60_000 }, () => {
  let server: TestServer;
  let agency: TestAgency;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    agency = await makeAgency(server, 'Audit waits');
  });
  afterAll(() => server?.close());

  it('commit while another change of the same agency is still in progress, and the log stays one chain in commit order', async () => {
    let finishFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve));
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve));
    const first = server.database.withTenant(agency.id, async (tx) => {
      await recordAudit(tx, agency.id, actor, { action: 'test.slow', entityType: 'test', summary: 'Slow change' });
      firstRecorded();
      // The request goes on (other statements, a slow network) after it recorded its entry.
      await firstMayFinish;
    });
    await recorded;
    const second = server.database.withTenant(agency.id, (tx) =>
      recordAudit(tx, agency.id, actor, { action: 'test.quick', entityType: 'test', summary: 'Quick change' }),
    );
    // Before, the second waited for the agency's audit lock until the first committed.
    const outcome = await Promise.race([
      second.then(() => 'committed'),
      new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting')),
    ]);
    finishFirst();
    await first;
    expect(outcome).toBe('committed');
    expect((await entriesOf(server, agency)).map((entry) => entry.summary)).toEqual(['Quick change', 'Slow change']);
    expect(await server.database.withTenant(agency.id, (tx) => verifyAuditChain(tx, agency.id))).toBeNull();
  });
});
