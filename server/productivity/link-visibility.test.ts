import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import type { Binder, Program } from '../../core/contracts/fto.ts';
import type { Space, Task, TaskLinkKind, TaskListSummary, TaskPage } from '../../core/contracts/productivity.ts';
import type { Report } from '../../core/contracts/reports.ts';
import type { Permission } from '../../core/permissions.ts';
import { apiCaller, fresh, ifMatch, ok } from '../test-support/api-calls.ts';
import { makeAgency, makeUser, signIn, type TestUser } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { completeReport } from '../test-support/report-samples.ts';

/**
 * A task links only to records its maker may see in their own module (a service request they reported,
 * a report past its draft they may read, their own binder), and a record they may not see is refused
 * exactly as one that does not exist: the answer never says that it exists, nor what it is called.
 */

const OFFICER: Permission[] = ['productivity:access', 'fleet:servicerequest.submit', 'reports:editor', 'fto:user'];
const FLEET_OFFICE: Permission[] = ['productivity:access', 'fleet:admin'];

describe.each(DATABASE_KINDS)('who may link a task to another module’s record on %s', (kind) => {
  let server: TestServer;
  let officer: Session;
  let colleague: Session;
  let fleetOffice: Session;
  let admin: Session;
  let users: Record<'officer' | 'colleague', TestUser>;
  let list: TaskListSummary;
  let vehicle: Vehicle;
  let ownRequest: ServiceRequest;
  let colleagueRequest: ServiceRequest;
  let foreignRequest: ServiceRequest;
  let colleagueDraft: Report;
  let approvedReport: Report;
  let ownBinder: Binder;
  let colleagueBinder: Binder;

  const call = apiCaller(() => server, '/rest/v1/productivity');

  const newTask = (session: Session, title: string) =>
    call(session, 'POST', `/lists/${list.id}/tasks`, { title }, fresh()).then((r) => ok<Task>(r, 201));
  const link = (session: Session, task: Task, kind: TaskLinkKind, recordId: string, label?: string) =>
    call(session, 'POST', `/tasks/${task.id}/links`, { kind, record_id: recordId, ...(label === undefined ? {} : { label }) });
  const read = (session: Session, task: Task) => call(session, 'GET', `/tasks/${task.id}`).then((r) => ok<Task>(r));
  const titled = async (title: string) =>
    (await ok<TaskPage>(await call(officer, 'GET', `/lists/${list.id}/tasks?q=${encodeURIComponent(title)}`))).total;

  /** What linking a record that does not exist answers: the answer every refused link must give. */
  async function missingAnswer(session: Session, task: Task, kind: TaskLinkKind) {
    const response = await link(session, task, kind, crypto.randomUUID());
    expect(response.statusCode, response.body).toBe(400);
    return response.json() as { message: string; fields: Record<string, string> };
  }

  /** Links `recordId` as `session` and expects the refusal a missing record gets, with the task unchanged. */
  async function expectRefusedAsMissing(session: Session, kind: TaskLinkKind, recordId: string) {
    const task = await newTask(session, `Refused ${kind} ${crypto.randomUUID().slice(0, 6)}`);
    const missing = await missingAnswer(session, task, kind);
    const response = await link(session, task, kind, recordId);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(missing);
    expect(missing.fields).toEqual({ record_id: `This ${kind.replace('_', ' ')} was not found` });
    const after = await read(session, task);
    expect(after.links).toEqual([]);
    expect(after.version).toBe(task.version);
  }

  async function serviceRequestOf(session: Session, vehicleId: string): Promise<ServiceRequest> {
    const body = { vehicle_id: vehicleId, category: 'brakes', description: 'Brakes squeal when stopping', drivable: true };
    return ok<ServiceRequest>(await call(session, 'POST', '/rest/v1/fleet/service-requests', body, fresh()), 201);
  }

  async function binderOf(trainee: TestUser, program: Program): Promise<Binder> {
    const body = { trainee_id: trainee.id, program_id: program.id, start_date: '2026-09-01', trainers: [] };
    return ok<Binder>(await call(admin, 'POST', '/rest/v1/fto/admin/binders', body, fresh()), 201);
  }

  async function switched(module: 'fleet' | 'fto', enabled: boolean) {
    await ok(await call(admin, 'PUT', `/rest/v1/admin/modules/${module}`, { enabled }));
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const agency = await makeAgency(server, 'Linking PD');
    users = {
      officer: await makeUser(server, agency, { permissions: OFFICER, name: 'Olive Officer' }),
      colleague: await makeUser(server, agency, { permissions: OFFICER, name: 'Cole Colleague' }),
    };
    officer = await signIn(server, users.officer);
    colleague = await signIn(server, users.colleague);
    const office = await makeUser(server, agency, { permissions: FLEET_OFFICE, name: 'Fran Fleet' });
    fleetOffice = await signIn(server, office);
    admin = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    const elsewhere = await signIn(
      server,
      await makeUser(server, await makeAgency(server, 'Other Town PD'), { permissions: ['admin:access'] }),
    );

    const space = await ok<Space>(
      await call(officer, 'POST', '/spaces', { name: 'Patrol', member_ids: [users.colleague.id, office.id] }, fresh()),
      201,
    );
    list = await ok<TaskListSummary>(await call(officer, 'POST', `/spaces/${space.id}/lists`, { name: 'Follow-ups' }, fresh()), 201);

    const car = { unit_number: '2214', vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2024, odometer: 100 };
    vehicle = await ok<Vehicle>(await call(fleetOffice, 'POST', '/rest/v1/fleet/admin/vehicles', car, fresh()), 201);
    ownRequest = await serviceRequestOf(officer, vehicle.id);
    colleagueRequest = await serviceRequestOf(colleague, vehicle.id);
    const theirs = await ok<Vehicle>(await call(elsewhere, 'POST', '/rest/v1/fleet/admin/vehicles', car, fresh()), 201);
    foreignRequest = await serviceRequestOf(elsewhere, theirs.id);

    colleagueDraft = await ok<Report>(await call(colleague, 'POST', '/rest/v1/reports/reports', { type_key: 'incident' }, fresh()), 201);
    const sent = await ok<Report>(
      await call(colleague, 'POST', '/rest/v1/reports/reports', { type_key: 'incident', content: completeReport(), submit: true }, fresh()),
      201,
    );
    approvedReport = await ok<Report>(
      await call(admin, 'POST', `/rest/v1/reports/reports/${sent.id}/approve`, undefined, ifMatch(sent.version)),
    );

    const [program] = await ok<Program[]>(await call(admin, 'GET', '/rest/v1/fto/admin/programs'));
    ownBinder = await binderOf(users.officer, program!);
    colleagueBinder = await binderOf(users.colleague, program!);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an officer’s link to a colleague’s service request with the answer a missing one gets, and links their own', async () => {
    await expectRefusedAsMissing(officer, 'service_request', colleagueRequest.id);
    const task = await newTask(officer, 'Brakes on 2214');
    const linked = await ok<Task>(await link(officer, task, 'service_request', ownRequest.id));
    expect(linked.links.map((l) => [l.kind, l.record_id, l.label])).toEqual([
      ['service_request', ownRequest.id, `Service request #${ownRequest.number} · unit 2214 · Brakes`],
    ]);
  });

  it('makes no task when it is created linked to a colleague’s service request, with the answer a missing one gets', async () => {
    const create = (recordId: string, title: string) =>
      call(officer, 'POST', `/lists/${list.id}/tasks`, { title, links: [{ kind: 'service_request', record_id: recordId }] }, fresh());
    const missing = await create(crypto.randomUUID(), 'Nobody’s brakes');
    const refused = await create(colleagueRequest.id, 'Cole’s brakes');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(refused.json()).toEqual(missing.json());
    expect(refused.json().fields).toEqual({ 'links.0.record_id': 'This service request was not found' });
    expect(await titled('Cole’s brakes')).toBe(0);
  });

  it('lets the fleet office link any service request and vehicle of the agency', async () => {
    const task = await newTask(fleetOffice, 'Shop visit');
    await ok<Task>(await link(fleetOffice, task, 'service_request', colleagueRequest.id));
    const linked = await ok<Task>(await link(fleetOffice, task, 'vehicle', vehicle.id));
    expect(linked.links.map((l) => l.label).sort()).toEqual([
      `Service request #${colleagueRequest.number} · unit 2214 · Brakes`,
      'Unit 2214 · 2024 Ford Explorer',
    ]);
  });

  it('refuses an officer’s link to a colleague’s draft report but links an approved one, which every officer reads', async () => {
    await expectRefusedAsMissing(officer, 'report', colleagueDraft.id);
    const task = await newTask(officer, 'Follow up the theft');
    const linked = await ok<Task>(await link(officer, task, 'report', approvedReport.id));
    expect(linked.links.map((l) => l.label)).toEqual([`Report ${approvedReport.case_number} · Incident`]);
  });

  it('refuses an officer’s link to another trainee’s binder but links their own', async () => {
    await expectRefusedAsMissing(officer, 'binder', colleagueBinder.id);
    const task = await newTask(officer, 'Study for phase two');
    const linked = await ok<Task>(await link(officer, task, 'binder', ownBinder.id, 'My binder'));
    expect(linked.links.map((l) => l.label)).toEqual(['My binder']);
  });

  it('refuses a link to another agency’s service request even to the fleet office', async () => {
    await expectRefusedAsMissing(fleetOffice, 'service_request', foreignRequest.id);
  });

  it('refuses a link to a record of a module switched off for the agency, and links it again once it is back on', async () => {
    await switched('fto', false);
    await switched('fleet', false);
    try {
      await expectRefusedAsMissing(officer, 'binder', ownBinder.id);
      await expectRefusedAsMissing(officer, 'service_request', ownRequest.id);
      await expectRefusedAsMissing(fleetOffice, 'vehicle', vehicle.id);
    } finally {
      await switched('fto', true);
      await switched('fleet', true);
    }
    const task = await newTask(officer, 'Binder back');
    await ok<Task>(await link(officer, task, 'binder', ownBinder.id));
  });

  it('shows a member who may not see the record the label it was linked with', async () => {
    const task = await newTask(officer, 'My car’s brakes');
    await ok<Task>(await link(officer, task, 'service_request', ownRequest.id));
    const seen = await read(colleague, task);
    expect(seen.links.map((l) => [l.record_id, l.label])).toEqual([
      [ownRequest.id, `Service request #${ownRequest.number} · unit 2214 · Brakes`],
    ]);
    expect((await call(colleague, 'GET', `/rest/v1/fleet/service-requests/${ownRequest.id}`)).statusCode).toBe(404);
  });
});
