import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import type { Space, Task, TaskListSummary, TaskPage, TaskSummary } from '../../core/contracts/productivity.ts';
import type { Permission } from '../../core/permissions.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, fresh, ok } from '../test-support/api-calls.ts';

/**
 * "Make a task" from another module's record: the task and its link to the record are made by one
 * request, in one transaction, so a link that is refused leaves no task behind; the record's screen
 * then finds the task through /linked.
 */

const BASE = '/rest/v1/productivity';
const FLEET = '/rest/v1/fleet';
const MANAGER: Permission[] = ['productivity:access', 'fleet:admin', 'fleet:servicerequest.submit'];

describe.each(DATABASE_KINDS)('a task made from another module’s record on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let manager: Session;
  let elsewhere: Session;
  let list: TaskListSummary;
  let request: ServiceRequest;
  let foreignRequest: ServiceRequest;

  const call = apiCaller(() => server);

  /** A service request on a new vehicle of the agency `session` belongs to, reported by `session`. */
  async function serviceRequestOf(session: Session, unit: string): Promise<ServiceRequest> {
    const vehicle = await ok<Vehicle>(
      await call(
        session,
        'POST',
        `${FLEET}/admin/vehicles`,
        { unit_number: unit, vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2024, odometer: 100 },
        fresh(),
      ),
      201,
    );
    return ok<ServiceRequest>(
      await call(
        session,
        'POST',
        `${FLEET}/service-requests`,
        { vehicle_id: vehicle.id, category: 'brakes', description: 'Brakes squeal when stopping', drivable: true },
        fresh(),
      ),
      201,
    );
  }

  const linkedTo = (session: Session, recordId: string) =>
    call(session, 'GET', `${BASE}/linked?kind=service_request&record_id=${recordId}`).then((r) => ok<TaskSummary[]>(r));
  const titled = async (title: string) =>
    (await ok<TaskPage>(await call(manager, 'GET', `${BASE}/lists/${list.id}/tasks?q=${encodeURIComponent(title)}`))).total;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Linked Tasks PD');
    manager = await signIn(server, await makeUser(server, agency, { permissions: MANAGER, name: 'Fran Fleet' }));
    elsewhere = await signIn(server, await makeUser(server, await makeAgency(server, 'Other Town PD'), { permissions: MANAGER }));
    const space = await ok<Space>(await call(manager, 'POST', `${BASE}/spaces`, { name: 'Fleet office' }, fresh()), 201);
    list = await ok<TaskListSummary>(await call(manager, 'POST', `${BASE}/spaces/${space.id}/lists`, { name: 'Repairs' }, fresh()), 201);
    request = await serviceRequestOf(manager, 'L-1');
    foreignRequest = await serviceRequestOf(elsewhere, 'X-1');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('creates the task already linked to the service request, which then lists it among its tasks', async () => {
    const title = `Service request: #${request.number} brakes`;
    const task = await ok<Task>(
      await call(
        manager,
        'POST',
        `${BASE}/lists/${list.id}/tasks`,
        { title, links: [{ kind: 'service_request', record_id: request.id, label: `Service request #${request.number}` }] },
        fresh(),
      ),
      201,
    );
    expect(task.links.map((link) => [link.kind, link.record_id, link.label])).toEqual([
      ['service_request', request.id, `Service request #${request.number}`],
    ]);
    // The answer is the task as it is now: its version counts the link, so an edit at it is not stale.
    const read = await ok<Task>(await call(manager, 'GET', `${BASE}/tasks/${task.id}`));
    expect(read.version).toBe(task.version);
    expect((await linkedTo(manager, request.id)).map((t) => [t.id, t.title, t.status])).toEqual([[task.id, title, 'todo']]);
  });

  it('refuses a link to another agency’s service request beside that link, and creates no task', async () => {
    const response = await call(
      manager,
      'POST',
      `${BASE}/lists/${list.id}/tasks`,
      {
        title: 'Borrowed trouble',
        links: [
          { kind: 'service_request', record_id: request.id },
          { kind: 'service_request', record_id: foreignRequest.id },
        ],
      },
      fresh(),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ 'links.1.record_id': 'This service request was not found' });
    expect(await titled('Borrowed trouble')).toBe(0);
    expect((await linkedTo(manager, request.id)).map((t) => t.title)).not.toContain('Borrowed trouble');
    // Nor does the other agency see anything linked to its request.
    expect(await linkedTo(elsewhere, foreignRequest.id)).toEqual([]);
  });

  it('refuses a link to a record that does not exist, of any kind, and creates no task', async () => {
    const response = await call(
      manager,
      'POST',
      `${BASE}/lists/${list.id}/tasks`,
      { title: 'Ghost report', links: [{ kind: 'report', record_id: crypto.randomUUID() }] },
      fresh(),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ 'links.0.record_id': 'This report was not found' });
    expect(await titled('Ghost report')).toBe(0);
  });

  it('makes the linked task once when the same create is sent again with its key', async () => {
    const key = fresh();
    const body = { title: 'Replace the pads', links: [{ kind: 'service_request', record_id: request.id }] };
    const first = await ok<Task>(await call(manager, 'POST', `${BASE}/lists/${list.id}/tasks`, body, key), 201);
    const again = await ok<Task>(await call(manager, 'POST', `${BASE}/lists/${list.id}/tasks`, body, key), 201);
    expect(again.id).toBe(first.id);
    expect(await titled('Replace the pads')).toBe(1);
    expect((await linkedTo(manager, request.id)).filter((t) => t.title === 'Replace the pads')).toHaveLength(1);
  });

  it('links a record named twice in one create only once, and takes at most five links', async () => {
    const twice = await ok<Task>(
      await call(
        manager,
        'POST',
        `${BASE}/lists/${list.id}/tasks`,
        {
          title: 'Named twice',
          links: [
            { kind: 'service_request', record_id: request.id },
            { kind: 'service_request', record_id: request.id },
          ],
        },
        fresh(),
      ),
      201,
    );
    expect(twice.links).toHaveLength(1);
    const six = Array.from({ length: 6 }, () => ({ kind: 'service_request', record_id: request.id }));
    const response = await call(manager, 'POST', `${BASE}/lists/${list.id}/tasks`, { title: 'Too many', links: six }, fresh());
    expect(response.statusCode).toBe(400);
    expect(await titled('Too many')).toBe(0);
  });
});
