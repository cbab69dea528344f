import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../db/schema.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import type { NotificationList } from '../../core/contracts/notifications.ts';

describe.each(DATABASE_KINDS)('in-app notifications on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let manager: Session;
  let officer: Session;
  let bystander: Session;
  let vehicle: Vehicle;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Notice Test PD');
    manager = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin'] }));
    officer = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:servicerequest.submit'] }));
    bystander = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:servicerequest.submit'] }));
    const created = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
      unit_number: 'N-1',
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Explorer',
      year: 2024,
      odometer: 100,
    });
    vehicle = created.json() as Vehicle;
  });
  afterAll(async () => {
    await server?.close();
  });

  function call(session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) {
    return server.request({ method, url, token: session.access_token, headers, ...(payload ? { payload } : {}) });
  }
  const inbox = async (session: Session, query = '') =>
    (await call(session, 'GET', `/rest/v1/notifications${query}`)).json() as NotificationList;

  async function reportAndMove(status: 'in_progress' | 'declined', note?: string): Promise<ServiceRequest> {
    const response = await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
      vehicle_id: vehicle.id,
      category: 'emergency_equipment',
      description: 'Siren cuts out',
      drivable: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as ServiceRequest;
    const moved = await call(
      manager,
      'PATCH',
      `/rest/v1/fleet/admin/service-requests/${created.id}`,
      { status, ...(note ? { note } : {}) },
      { 'if-match': `"${created.version}"` },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    return created;
  }

  it('tells the fleet office of a new request and the officer of each move, newest first', async () => {
    const request = await reportAndMove('in_progress');
    const office = await inbox(manager);
    expect(office.items[0]).toMatchObject({
      kind: 'fleet.service_request.created',
      title: `Service request #${request.number} for unit N-1`,
      link: '/fleet/admin/servicerequest',
      read: false,
    });
    const mine = await inbox(officer);
    expect(mine.items[0]).toMatchObject({
      kind: 'fleet.service_request.status',
      title: `Service request #${request.number} is in progress`,
      link: '/fleet',
      read: false,
    });
    expect(mine.unread).toBe(1);
  });

  it('carries the fleet office’s note to the officer', async () => {
    const request = await reportAndMove('declined', 'Duplicate of an earlier request');
    const mine = await inbox(officer);
    expect(mine.items[0]).toMatchObject({
      title: `Service request #${request.number} is declined`,
      body: 'Unit N-1. Note from the fleet office: Duplicate of an earlier request',
    });
  });

  it('marks one notification read, then all, and counts what is left unread', async () => {
    await reportAndMove('in_progress');
    const before = await inbox(officer);
    expect(before.unread).toBeGreaterThanOrEqual(2);
    const one = await call(officer, 'POST', '/rest/v1/notifications/read', { ids: [before.items[0]!.id] });
    expect(one.json()).toEqual({ unread: before.unread - 1 });
    expect((await inbox(officer)).items[0]!.read).toBe(true);
    const all = await call(officer, 'POST', '/rest/v1/notifications/read', {});
    expect(all.json()).toEqual({ unread: 0 });
  });

  it('pages with before= and refuses an unknown cursor', async () => {
    const first = await inbox(manager, '?limit=1');
    expect(first.items).toHaveLength(1);
    const next = await inbox(manager, `?limit=1&before=${first.items[0]!.id}`);
    expect(next.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(new Date(next.items[0]!.created_at).getTime()).toBeLessThanOrEqual(new Date(first.items[0]!.created_at).getTime());
    const unknown = await call(manager, 'GET', '/rest/v1/notifications?before=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('never shows or marks another user’s notifications, even with their ids', async () => {
    const officers = await inbox(officer);
    expect((await inbox(bystander)).items).toEqual([]);
    const mark = await call(bystander, 'POST', '/rest/v1/notifications/read', { ids: officers.items.map((item) => item.id) });
    expect(mark.json()).toEqual({ unread: 0 });
    const cursor = await call(bystander, 'GET', `/rest/v1/notifications?before=${officers.items[0]!.id}`);
    expect(cursor.statusCode).toBe(404);
  });

  it('refuses a request without a session', async () => {
    const response = await server.request({ method: 'GET', url: '/rest/v1/notifications' });
    expect(response.statusCode).toBe(401);
  });

  it('keeps a notice whose cut falls inside an emoji, with the half left shown as a replacement character', async () => {
    const description = `${'Light bar flickers '.repeat(16).slice(0, 299)}😀 and the siren too`;
    const response = await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
      vehicle_id: vehicle.id,
      category: 'emergency_equipment',
      description,
      drivable: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const office = await inbox(manager);
    expect(office.items[0]).toMatchObject({ kind: 'fleet.service_request.created', body: `${description.slice(0, 299)}\uFFFD` });
  });

  it('drops the notifications past 90 days of each user a new one reaches, and keeps everyone else’s', async () => {
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    await server.database.owner.insert(notifications).values([
      { agencyId: agency.id, userId: officer.user.id, kind: 'test.old', title: 'Last winter', createdAt: days(91) },
      { agencyId: agency.id, userId: officer.user.id, kind: 'test.recent', title: 'Last autumn', createdAt: days(89) },
      { agencyId: agency.id, userId: bystander.user.id, kind: 'test.old', title: 'Last winter', createdAt: days(91) },
    ]);
    await reportAndMove('in_progress');
    const kinds = async (userId: string) =>
      (
        await server.database.owner
          .select({ kind: notifications.kind })
          .from(notifications)
          .where(and(eq(notifications.agencyId, agency.id), eq(notifications.userId, userId)))
      ).map((row) => row.kind);
    const officers = await kinds(officer.user.id);
    expect(officers).not.toContain('test.old');
    expect(officers).toContain('test.recent');
    expect(officers).toContain('fleet.service_request.status');
    expect(await kinds(bystander.user.id)).toContain('test.old');
  });
});
