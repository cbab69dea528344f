import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, ifMatch, ok } from '../test-support/api-calls.ts';
import { makeAgency, makeUser, signIn, type TestAgency, type TestUser } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';

/**
 * The fleet office's queue (issue 22, point 3): open and in-progress requests, the longest waiting
 * first; a priority, who works a request (someone of the fleet office or an outside vendor) and a due
 * date, set by the office only and never across agencies.
 */
describe.each(DATABASE_KINDS)('the service-request queue on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let manager: Session;
  let mechanicUser: TestUser;
  let mechanic: Session;
  let officer: Session;
  let officerUser: TestUser;
  let sergeant: Session;
  let otherManager: Session;
  let tireShop: string;
  let bodyShop: string;
  let theirShop: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Queue Test PD');
    manager = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin'], name: 'Pat Fleet' }));
    mechanicUser = await makeUser(server, agency, { permissions: ['fleet:admin'], name: 'Morgan Mechanic' });
    mechanic = await signIn(server, mechanicUser);
    officerUser = await makeUser(server, agency, { permissions: ['fleet:servicerequest.submit'], name: 'Sam Officer' });
    officer = await signIn(server, officerUser);
    // Sees every fleet screen an officer does, and reports problems, but is not the fleet office.
    sergeant = await signIn(
      server,
      await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit', 'fleet:servicerequest.submit'], name: 'Dana Sergeant' }),
    );
    const other = await makeAgency(server, 'Other Queue PD');
    otherManager = await signIn(server, await makeUser(server, other, { permissions: ['fleet:admin'] }));
    tireShop = (await call(manager, 'POST', '/rest/v1/fleet/admin/vendors', { name: 'Riverside Tire & Auto' })).json().id;
    bodyShop = (await call(manager, 'POST', '/rest/v1/fleet/admin/vendors', { name: 'Main Street Body Shop' })).json().id;
    theirShop = (await call(otherManager, 'POST', '/rest/v1/fleet/admin/vendors', { name: 'Elsewhere Garage' })).json().id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);

  let unit = 0;
  async function addVehicle(): Promise<Vehicle> {
    unit += 1;
    const response = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
      unit_number: `Q${kind[0]}-${unit}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Police Interceptor Utility',
      year: 2024,
      odometer: 12_000,
    });
    return ok<Vehicle>(response, 201);
  }

  async function report(vehicle: Vehicle, description: string): Promise<ServiceRequest> {
    const response = await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
      vehicle_id: vehicle.id,
      category: 'other',
      description,
      drivable: true,
    });
    return ok<ServiceRequest>(response, 201);
  }

  const update = (session: Session, request: ServiceRequest, body: object, version = request.version) =>
    call(session, 'PATCH', `/rest/v1/fleet/admin/service-requests/${request.id}`, body, ifMatch(version));

  const queue = async (search = '') =>
    (await call(manager, 'GET', `/rest/v1/fleet/admin/service-requests${search}`)).json() as { items: ServiceRequest[]; total: number };

  it('lists only open and in-progress requests when asked for the active ones, the longest waiting first', async () => {
    const vehicle = await addVehicle();
    const first = await report(vehicle, 'Siren cuts out');
    const second = await report(vehicle, 'Light bar flickers');
    const third = await report(vehicle, 'Radio mount loose');
    expect((await update(manager, first, { status: 'completed' })).statusCode).toBe(200);
    expect((await update(manager, second, { status: 'in_progress' })).statusCode).toBe(200);

    const active = await queue(`?status=active&vehicle_id=${vehicle.id}`);
    expect(active.items.map((r) => r.number)).toEqual([second.number, third.number]);
    expect(active.total).toBe(2);
    // Every status: the completed request, though the oldest, waits for nothing and comes last.
    const every = await queue(`?vehicle_id=${vehicle.id}`);
    expect(every.items.map((r) => r.number)).toEqual([second.number, third.number, first.number]);
  });

  it('keeps every request to the four statuses, so the active queue (all but completed and declined) never lists another', async () => {
    const vehicle = await addVehicle();
    const request = await report(vehicle, 'Spotlight stuck');
    const setStatus = (status: string) =>
      server.database.withTenant(agency.id, (tx) =>
        tx.execute(sql`update service_requests set status = ${status} where agency_id = ${agency.id} and id = ${request.id}`),
      );
    const refused = await setStatus('on_hold').then(
      () => null,
      (error: { cause?: Error }) => error.cause?.message,
    );
    expect(refused).toMatch(/violates check constraint "service_requests_status_known"/);
    await setStatus('in_progress');
    expect((await queue(`?status=active&vehicle_id=${vehicle.id}`)).items.map((r) => r.status)).toEqual(['in_progress']);
  });

  it('lets the fleet office set a priority, a due date and who works a request, and sorts the queue by them', async () => {
    const vehicle = await addVehicle();
    const low = await report(vehicle, 'Cup holder broken');
    const urgent = await report(vehicle, 'Brake pedal soft');
    expect(low).toMatchObject({ priority: 'normal', assignee_id: null, assignee_name: null, vendor_id: null, due_on: null });

    const assigned = await update(manager, urgent, { priority: 'urgent', due_on: '2026-12-01', assignee_id: mechanicUser.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      priority: 'urgent',
      due_on: '2026-12-01',
      assignee_id: mechanicUser.id,
      assignee_name: 'Morgan Mechanic',
      vendor_id: null,
    });
    // The person assigned hears of it, in the bell and by e-mail.
    const mail = await server.waitForMail(mechanicUser.email, /is assigned to you/);
    expect(mail.text).toContain('Brake pedal soft');
    const bell = (await call(mechanic, 'GET', '/rest/v1/notifications')).json() as { items: Array<{ title: string }> };
    expect(bell.items.map((n) => n.title)).toContain(
      `Service request #${urgent.number} for unit ${vehicle.unit_number} is assigned to you`,
    );

    const toVendor = await update(manager, low, { priority: 'low', vendor_id: tireShop, due_on: '2026-11-30' });
    expect(toVendor.json()).toMatchObject({
      priority: 'low',
      vendor_id: tireShop,
      vendor_name: 'Riverside Tire & Auto',
      assignee_id: null,
    });

    const byPriority = await queue(`?vehicle_id=${vehicle.id}&order=priority`);
    expect(byPriority.items.map((r) => r.number)).toEqual([urgent.number, low.number]);
    const byDue = await queue(`?vehicle_id=${vehicle.id}&order=due`);
    expect(byDue.items.map((r) => r.number)).toEqual([low.number, urgent.number]);
    expect((await queue(`?vehicle_id=${vehicle.id}&priority=urgent`)).items.map((r) => r.number)).toEqual([urgent.number]);
    expect((await queue(`?assignee_id=${mechanicUser.id}`)).items.map((r) => r.number)).toEqual([urgent.number]);
  });

  it('assigns a request to a person or to a vendor, never both, and only to someone of the fleet office', async () => {
    const vehicle = await addVehicle();
    const request = await report(vehicle, 'Door handle sticks');
    const both = await update(manager, request, { assignee_id: mechanicUser.id, vendor_id: bodyShop });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({ assignee_id: 'Assign a person or a vendor, not both' });
    const notOffice = await update(manager, request, { assignee_id: officerUser.id });
    expect(notOffice.json().fields).toEqual({ assignee_id: 'Choose someone of the fleet office (or name a vendor)' });

    // Only a vendor of the agency's own list.
    const foreignShop = await update(manager, request, { vendor_id: theirShop });
    expect(foreignShop.json().fields).toEqual({ vendor_id: 'Choose one of the active vendors' });
    const toVendor = (await update(manager, request, { vendor_id: bodyShop })).json() as ServiceRequest;
    // Choosing a person clears the vendor, and the other way round.
    const toPerson = (await update(manager, toVendor, { assignee_id: mechanicUser.id })).json() as ServiceRequest;
    expect(toPerson).toMatchObject({ assignee_id: mechanicUser.id, vendor_id: null, vendor_name: null });
    const backToVendor = (await update(manager, toPerson, { vendor_id: bodyShop })).json() as ServiceRequest;
    expect(backToVendor).toMatchObject({ assignee_id: null, assignee_name: null, vendor_name: 'Main Street Body Shop' });
    const nobody = (await update(manager, backToVendor, { vendor_id: null, due_on: null })).json() as ServiceRequest;
    expect(nobody).toMatchObject({ assignee_id: null, vendor_id: null, due_on: null });

    const badDate = await update(manager, nobody, { due_on: '30/11/2026', priority: 'whenever' });
    expect(badDate.json().fields).toEqual({ due_on: 'Use a date (YYYY-MM-DD)', priority: 'Choose a priority' });

    const office = (await call(manager, 'GET', '/rest/v1/fleet/admin/users?fleet_office=true')).json() as Array<{ name: string }>;
    expect(office.map((person) => person.name)).toEqual(['Morgan Mechanic', 'Pat Fleet']);
  });

  it('keeps priority, assignee and due date to the fleet office of the request’s own agency', async () => {
    const vehicle = await addVehicle();
    const request = await report(vehicle, 'Spotlight does not turn');
    const bySergeant = await update(sergeant, request, { priority: 'urgent', assignee_id: mechanicUser.id });
    expect(bySergeant.statusCode).toBe(403);
    expect((await update(officer, request, { due_on: '2026-12-24' })).statusCode).toBe(403);
    expect((await call(sergeant, 'GET', '/rest/v1/fleet/admin/users?fleet_office=true')).statusCode).toBe(403);

    const acrossAgencies = await update(otherManager, request, { priority: 'urgent' });
    expect(acrossAgencies.statusCode).toBe(404);
    const theirQueue = (await call(otherManager, 'GET', '/rest/v1/fleet/admin/service-requests')).json() as { items: ServiceRequest[] };
    expect(theirQueue.items.map((r) => r.id)).not.toContain(request.id);
    // Another agency's fleet office cannot be named as the one who works it either.
    const otherPerson = (await call(otherManager, 'GET', '/rest/v1/fleet/admin/users?fleet_office=true')).json() as Array<{ id: string }>;
    const foreign = await update(manager, request, { assignee_id: otherPerson[0]!.id });
    expect(foreign.json().fields).toEqual({ assignee_id: 'Choose someone of the fleet office (or name a vendor)' });

    const unchanged = (await call(manager, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).json() as ServiceRequest;
    expect(unchanged).toMatchObject({ priority: 'normal', assignee_id: null, due_on: null, version: request.version });
  });
});
