/**
 * realtime/v1 on a real socket (fastify listening on a free port, read with fetch and
 * eventsource-parser, as the browser reads it): who receives what, a session that ends, catching up
 * after a reconnect, and on PostgreSQL a second server process on the same database delivering too.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EventSourceMessage } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { ModuleKey } from '../../core/modules.ts';
import type { Permission } from '../../core/permissions.ts';
import { notify } from '../platform/notices.ts';
import { publish, publishAll, type RealtimeAudience } from '../platform/realtime.ts';
import { openStream, type Stream } from '../test-support/event-stream.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';

const topic = (name: string) => (message: EventSourceMessage) => message.event === name;

describe.each(DATABASE_KINDS)('live updates (realtime/v1) on %s', (kind) => {
  let server: TestServer;
  let base: string;
  let a: TestAgency;
  let b: TestAgency;
  let officer: { id: string; session: Session };
  let colleague: { id: string; session: Session };
  let outsider: { id: string; session: Session };
  const streams: Stream[] = [];

  async function stream(session: Session | null, lastEventId?: string) {
    const opened = await openStream(base, session, lastEventId);
    streams.push(opened);
    return opened;
  }

  async function person(agency: TestAgency, permissions: Permission[]) {
    const user = await makeUser(server, agency, { permissions });
    return { id: user.id, session: await signIn(server, user) };
  }

  async function send(agencyId: string, audience: RealtimeAudience, data = { from: '2026-12-01', to: '2026-12-01' }) {
    await server.database.withTenant(agencyId, (tx) => publish(tx, agencyId, 'schedule.roster', audience, data));
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    a = await makeAgency(server, 'Live A');
    b = await makeAgency(server, 'Live B');
    officer = await person(a, ['scheduling:view']);
    colleague = await person(a, []);
    outsider = await person(b, ['admin:access']);
  });

  afterAll(async () => {
    for (const opened of streams) opened.close();
    await server?.close();
  });

  it('opens with a ready frame that says when the stream will close, and refuses a caller without a session', async () => {
    const mine = await stream(officer.session);
    expect(mine.status).toBe(200);
    const ready = JSON.parse((await mine.next(topic('ready'))).data) as { closes_at: string; heartbeat_ms: number; resumed: boolean };
    expect(new Date(ready.closes_at).getTime()).toBeGreaterThan(Date.now());
    expect(ready.resumed).toBe(false);
    expect((await stream(null)).status).toBe(401);
  });

  it('brings a new notification to its user’s open streams at once, and to no one else, in this agency or another', async () => {
    const mine = await stream(officer.session);
    const theirs = await stream(colleague.session);
    const elsewhere = await stream(outsider.session);
    for (const opened of [mine, theirs, elsewhere]) await opened.next(topic('ready'));

    await server.database.withTenant(a.id, (tx) => notify(tx, a.id, officer.id, { kind: 'test.realtime', title: 'Your shift moved' }));
    const message = await mine.next(topic('notifications'));
    expect(JSON.parse(message.data)).toEqual({ id: expect.any(String) });
    expect(message.id).toMatch(/^\d+$/);

    // A later message to everyone of agency A shows the colleague's and the outsider's streams were
    // live all along, and had nothing before it.
    await send(a.id, { permission: 'admin:access' as Permission });
    await send(b.id, { permission: 'admin:access' as Permission });
    await elsewhere.next(topic('schedule.roster'));
    expect(theirs.messages.map((m) => m.event)).toEqual(['ready']);
    expect(elsewhere.messages.map((m) => m.event)).toEqual(['ready', 'schedule.roster']);
  });

  it('sends a message addressed to a permission only to its holders, and only while the module is on', async () => {
    const holder = await stream(officer.session);
    const other = await stream(colleague.session);
    await holder.next(topic('ready'));
    await other.next(topic('ready'));
    await send(a.id, { permission: 'scheduling:view', module: 'schedule' as ModuleKey }, { from: '2026-12-02', to: '2026-12-02' });
    await holder.next((m) => m.event === 'schedule.roster' && m.data.includes('2026-12-02'));

    const off = await server.request({
      method: 'PUT',
      url: `/rest/v1/admin/modules/schedule`,
      token: (await person(a, ['admin:access'])).session.access_token,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    await send(a.id, { permission: 'scheduling:view', module: 'schedule' as ModuleKey }, { from: '2026-12-03', to: '2026-12-03' });
    // Addressed to the user, so it arrives: it marks the point by which the module-off message would have.
    await server.database.withTenant(a.id, (tx) => notify(tx, a.id, officer.id, { kind: 'test.realtime', title: 'After' }));
    await holder.next(topic('notifications'));
    expect(holder.messages.some((m) => m.data.includes('2026-12-03'))).toBe(false);
    expect(other.messages.some((m) => m.event === 'schedule.roster')).toBe(false);
  });

  it('ends a stream whose session was signed out when the next message for it comes', async () => {
    const leaving = await person(a, ['scheduling:view']);
    const opened = await stream(leaving.session);
    await opened.next(topic('ready'));
    const out = await server.request({ method: 'POST', url: '/auth/v1/logout', token: leaving.session.access_token });
    expect(out.statusCode).toBeLessThan(300);
    await server.database.withTenant(a.id, (tx) => notify(tx, a.id, leaving.id, { kind: 'test.realtime', title: 'Too late' }));
    const end = await opened.next(topic('end'));
    expect(JSON.parse(end.data)).toEqual({ reason: 'session_ended' });
    await opened.ended;
    expect(opened.messages.some((m) => m.event === 'notifications')).toBe(false);
  });

  it('sends a reconnecting client what it missed after its Last-Event-ID, and says so when it cannot', async () => {
    const first = await stream(officer.session);
    await first.next(topic('ready'));
    await server.database.withTenant(a.id, (tx) => notify(tx, a.id, officer.id, { kind: 'test.realtime', title: 'Seen' }));
    const seen = await first.next(topic('notifications'));
    first.close();

    await server.database.withTenant(a.id, (tx) => notify(tx, a.id, officer.id, { kind: 'test.realtime', title: 'Missed one' }));
    await server.database.withTenant(a.id, (tx) => notify(tx, a.id, colleague.id, { kind: 'test.realtime', title: 'Not theirs' }));
    await server.database.withTenant(a.id, (tx) => notify(tx, a.id, officer.id, { kind: 'test.realtime', title: 'Missed two' }));

    const again = await stream(officer.session, seen.id);
    const ready = JSON.parse((await again.next(topic('ready'))).data) as { resumed: boolean };
    expect(ready.resumed).toBe(true);
    await again.next(() => again.messages.filter((m) => m.event === 'notifications' && Number(m.id) > Number(seen.id)).length >= 2);
    const after = again.messages.filter((m) => m.event === 'notifications' && Number(m.id) > Number(seen.id));
    expect(after).toHaveLength(2);

    const unknown = await stream(officer.session, '999999999');
    expect(JSON.parse((await unknown.next(topic('ready'))).data)).toMatchObject({ resumed: false });
  });

  it('delivers many messages published at once each to its own audience, in order, and again to a client catching up', async () => {
    const mine = await stream(officer.session);
    const theirs = await stream(colleague.session);
    for (const opened of [mine, theirs]) await opened.next(topic('ready'));
    const days = ['2026-12-10', '2026-12-11', '2026-12-12'];
    await server.database.withTenant(a.id, (tx) =>
      publishAll(tx, a.id, [
        ...days.map((day) => ({ topic: 'schedule.roster' as const, audience: { userId: officer.id }, data: { from: day, to: day } })),
        { topic: 'schedule.roster', audience: { userId: colleague.id }, data: { from: '2026-12-13', to: '2026-12-13' } },
      ]),
    );
    await mine.next(() => mine.messages.filter((m) => m.event === 'schedule.roster').length >= 3);
    const received = mine.messages.filter((m) => m.event === 'schedule.roster');
    expect(received.map((m) => (JSON.parse(m.data) as { from: string }).from)).toEqual(days);
    const ids = received.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const theirMessage = await theirs.next(topic('schedule.roster'));
    expect(JSON.parse(theirMessage.data)).toEqual({ from: '2026-12-13', to: '2026-12-13' });
    expect(mine.messages.some((m) => m.data.includes('2026-12-13'))).toBe(false);

    // A client that saw only the first catches up on the other two, in the same order.
    mine.close();
    const again = await stream(officer.session, received[0]!.id);
    await again.next(() => again.messages.filter((m) => m.event === 'schedule.roster').length >= 2);
    expect(again.messages.filter((m) => m.event === 'schedule.roster').map((m) => (JSON.parse(m.data) as { from: string }).from)).toEqual(
      days.slice(1),
    );
  });

  it.runIf(kind === 'postgres')(
    'delivers through every server process on the database, not only the one that made the change',
    async () => {
      // The same database and the same master secret (kept in the data directory), as two instances behind a load balancer.
      const secret = fs.readFileSync(path.join(server.services.config.dataDir, 'secret.key'), 'utf8').trim();
      const second = await startTestServer('postgres', { DATABASE_URL: server.services.config.databaseUrl!, PRECINCT_SECRET: secret });
      try {
        const secondBase = await second.app.listen({ host: '127.0.0.1', port: 0 });
        const there = await openStream(secondBase, officer.session);
        streams.push(there);
        await there.next(topic('ready'));
        await server.database.withTenant(a.id, (tx) =>
          notify(tx, a.id, officer.id, { kind: 'test.realtime', title: 'From the first process' }),
        );
        await there.next(topic('notifications'));
      } finally {
        await second.close();
      }
    },
  );
});
