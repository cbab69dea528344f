import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, ifMatch, ok } from '../test-support/api-calls.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { ServiceRequest, TimelinePage, Vehicle, VehicleCosts, WorkOrder } from '../../core/contracts/fleet.ts';
import { textPdf } from '../platform/sample-images.ts';

const INVOICE = textPdf('City Tire & Auto, invoice 88213', ['2 front tires, mount and balance', 'Total $412.66']);

/**
 * Work orders (issue 22, point 4): parts and labour lines with tax on a service request, numbered for
 * the agency, totalled by the server, with the office's invoice attached; completing the request
 * records the total as its cost, which rolls up to the vehicle.
 */
describe.each(DATABASE_KINDS)('work orders on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let manager: Session;
  let colleague: Session;
  let officer: Session;
  let auditor: Session;
  let otherManager: Session;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Work Order PD');
    manager = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin'], name: 'Pat Fleet' }));
    colleague = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin'], name: 'Morgan Mechanic' }));
    officer = await signIn(
      server,
      await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit', 'fleet:servicerequest.submit'], name: 'Sam Officer' }),
    );
    auditor = await signIn(server, await makeUser(server, agency, { permissions: ['admin:access'], name: 'Alex Admin' }));
    const other = await makeAgency(server, 'Other Work Order PD');
    otherManager = await signIn(server, await makeUser(server, other, { permissions: ['fleet:admin', 'fleet:servicerequest.submit'] }));
    for (const name of ['City Tire & Auto', 'Main Street Tire', 'Riverside Quick Lube']) {
      const response = await call(manager, 'POST', '/rest/v1/fleet/admin/vendors', { name });
      expect(response.statusCode, response.body).toBe(201);
      vendorIds[name] = response.json().id;
    }
    tiresAndLabour.vendor_id = vendorIds['City Tire & Auto']!;
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);

  let unit = 0;
  async function addVehicle(): Promise<Vehicle> {
    unit += 1;
    const response = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
      unit_number: `W${kind[0]}-${unit}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Police Interceptor Utility',
      year: 2024,
      odometer: 20_000,
    });
    return ok<Vehicle>(response, 201);
  }

  async function report(vehicle: Vehicle, description = 'Front tires worn to the bars'): Promise<ServiceRequest> {
    const response = await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
      vehicle_id: vehicle.id,
      category: 'tires',
      description,
      drivable: true,
    });
    return ok<ServiceRequest>(response, 201);
  }

  const vendorIds: Record<string, string> = {};
  const tiresAndLabour = {
    vendor_id: '',
    lines: [
      {
        kind: 'part',
        description: 'Goodyear Eagle pursuit tire 245/55R18',
        part_number: 'GY-245-55',
        quantity: 2,
        unit_cost_cents: 18_450,
      },
      { kind: 'labour', description: 'Mount and balance', quantity: 1.5, unit_cost_cents: 9_500 },
      { kind: 'part', description: 'Valve stems', quantity: 2, unit_cost_cents: 399 },
    ],
    tax_rate: 8.25,
    tax_labour: false,
    notes: 'Old tires recycled by the shop',
  };

  const startWorkOrder = (session: Session, request: ServiceRequest, body: object = tiresAndLabour) =>
    call(session, 'POST', `/rest/v1/fleet/admin/service-requests/${request.id}/work-order`, body);
  const saveWorkOrder = (session: Session, order: WorkOrder, body: object, version = order.version) =>
    call(session, 'PUT', `/rest/v1/fleet/admin/work-orders/${order.id}`, body, ifMatch(version));
  const updateRequest = (request: ServiceRequest, body: object) =>
    call(manager, 'PATCH', `/rest/v1/fleet/admin/service-requests/${request.id}`, body, ifMatch(request.version));
  const getRequest = async (request: ServiceRequest) =>
    (await call(manager, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).json() as ServiceRequest;

  async function upload(session: Session, data: Buffer, type: string, name: string): Promise<string> {
    const response = await server.request({
      method: 'POST',
      url: `/storage/v1/object?purpose=fleet&name=${encodeURIComponent(name)}`,
      token: session.access_token,
      headers: { 'content-type': type },
      payload: data,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  it('works out the parts, labour, tax and total itself, ignoring the totals a client sends', async () => {
    const request = await report(await addVehicle());
    const response = await startWorkOrder(manager, request, {
      ...tiresAndLabour,
      total_cents: 1,
      tax_cents: 0,
      lines: tiresAndLabour.lines.map((line) => ({ ...line, total_cents: 5 })),
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json() as WorkOrder;
    // Parts 2 × $184.50 + 2 × $3.99 = $376.98; labour 1.5 h × $95 = $142.50; tax 8.25 % of the parts only = $31.10.
    expect(order).toMatchObject({
      parts_cents: 37_698,
      labour_cents: 14_250,
      subtotal_cents: 51_948,
      tax_cents: 3_110,
      total_cents: 55_058,
      vendor_id: vendorIds['City Tire & Auto'],
      vendor_name: 'City Tire & Auto',
      tax_rate: 8.25,
      service_request_number: request.number,
      request_status: 'open',
      created_by_name: 'Pat Fleet',
    });
    expect(order.lines.map((line) => [line.kind, line.quantity, line.total_cents])).toEqual([
      ['part', 2, 36_900],
      ['labour', 1.5, 14_250],
      ['part', 2, 798],
    ]);
    // Taxing labour too is the office's choice per order.
    const withLabour = await saveWorkOrder(manager, order, { ...tiresAndLabour, tax_labour: true });
    expect(withLabour.json()).toMatchObject({ tax_cents: 4_286, total_cents: 56_234, tax_labour: true });
    // The request shows its work order's number and total.
    expect((await getRequest(request)).work_order).toEqual({ id: order.id, number: order.number, total_cents: 56_234 });
  });

  it('names every refused line field at once, by its place in the list', async () => {
    const request = await report(await addVehicle());
    const response = await startWorkOrder(manager, request, {
      ...tiresAndLabour,
      lines: [
        { kind: 'part', description: '', quantity: 1, unit_cost_cents: 100 },
        { kind: 'labour', description: 'Diagnosis', quantity: -1, unit_cost_cents: 9_500 },
        { kind: 'part', description: 'Brake pads', quantity: 1, unit_cost_cents: '12.50abc' },
        { kind: 'part', description: 'Rotor', quantity: 1.255, unit_cost_cents: 12.5 },
      ],
      tax_rate: 'eight',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'lines.0.description': 'Describe the part or the work',
      'lines.1.quantity': 'Enter a number above 0',
      'lines.2.unit_cost_cents': 'Enter the cost in dollars, e.g. 12.50',
      'lines.3.quantity': 'Use at most two decimals',
      'lines.3.unit_cost_cents': 'Use whole cents',
      tax_rate: 'Enter the tax rate in per cent, e.g. 8.25',
    });
    expect((await getRequest(request)).work_order).toBeNull();
  });

  it('numbers work orders in one sequence per agency and gives a request only one', async () => {
    const vehicle = await addVehicle();
    const first = (await startWorkOrder(manager, await report(vehicle))).json() as WorkOrder;
    const secondRequest = await report(vehicle, 'Brakes squeal');
    const second = (await startWorkOrder(colleague, secondRequest)).json() as WorkOrder;
    expect(second.number).toBe(first.number + 1);
    const again = await startWorkOrder(manager, secondRequest);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Request #${secondRequest.number} already has work order WO-${second.number}`);

    // Another agency's work orders count on their own.
    const otherVehicle = (
      await call(otherManager, 'POST', '/rest/v1/fleet/admin/vehicles', {
        unit_number: `OW${kind[0]}-1`,
        vehicle_type: 'patrol',
        make: 'Chevrolet',
        model: 'Tahoe',
        year: 2023,
        odometer: 100,
      })
    ).json() as Vehicle;
    const otherRequest = (
      await call(otherManager, 'POST', '/rest/v1/fleet/service-requests', {
        vehicle_id: otherVehicle.id,
        category: 'other',
        description: 'Spotlight loose',
        drivable: true,
      })
    ).json() as ServiceRequest;
    // Their own work order, in-house (our vendors are not on their list).
    expect(((await startWorkOrder(otherManager, otherRequest, { ...tiresAndLabour, vendor_id: null })).json() as WorkOrder).number).toBe(1);
  });

  it('records the work order’s total as the request’s cost on completion and adds it to the vehicle’s cost to date', async () => {
    const vehicle = await addVehicle();
    const request = await report(vehicle);
    const order = (await startWorkOrder(manager, request)).json() as WorkOrder;
    const completed = await updateRequest(request, { status: 'completed', note: 'Tires replaced' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'completed', cost_cents: 55_058 });

    // A corrected invoice: the completed request's cost follows the work order.
    const corrected = await saveWorkOrder(manager, order, { ...tiresAndLabour, lines: tiresAndLabour.lines.slice(0, 2) });
    expect(corrected.json()).toMatchObject({ total_cents: 54_194, request_status: 'completed' });
    const after = await getRequest(request);
    expect(after.cost_cents).toBe(54_194);
    // The cost is the work order's to say, not typed beside it.
    const typed = await updateRequest(after, { cost_cents: 100 });
    expect(typed.json().fields).toEqual({ cost_cents: 'The work order’s total is the cost; change it on the work order' });

    // A second request, completed with a cost typed by hand (no work order), counts too.
    const other = await report(vehicle, 'Wiper blades');
    expect((await updateRequest(other, { status: 'completed', cost_cents: 2_500 })).statusCode).toBe(200);
    const costs = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/costs`)).json() as VehicleCosts;
    expect(costs).toMatchObject({ cost_to_date_cents: 56_694, completed_requests: 2 });
    expect(costs.work_orders).toEqual([
      expect.objectContaining({ number: order.number, total_cents: 54_194, vendor_name: 'City Tire & Auto', request_status: 'completed' }),
    ]);
    const timeline = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline`)).json() as TimelinePage;
    expect(timeline.items).toContainEqual(
      expect.objectContaining({
        kind: 'work_order',
        summary: `Work order WO-${order.number} for request #${request.number} (completed): $541.94, City Tire & Auto`,
        actor_name: 'Pat Fleet',
      }),
    );
    // Each change is in the audit log.
    const log = (await call(auditor, 'GET', '/rest/v1/admin/audit?action=work_order&page_size=50')).json() as {
      items: Array<{ action: string; summary: string }>;
    };
    expect(log.items.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        `Work order WO-${order.number} for service request #${request.number}: $550.58`,
        `Work order WO-${order.number}: $550.58 → $541.94`,
      ]),
    );
  });

  it('refuses a save made against a version someone else already changed, keeping theirs', async () => {
    const order = (await startWorkOrder(manager, await report(await addVehicle()))).json() as WorkOrder;
    const theirs = await saveWorkOrder(colleague, order, { ...tiresAndLabour, vendor_id: vendorIds['Main Street Tire'] });
    expect(theirs.statusCode).toBe(200);
    const mine = await saveWorkOrder(manager, order, { ...tiresAndLabour, vendor_id: vendorIds['Riverside Quick Lube'] });
    expect(mine.statusCode).toBe(412);
    expect((await call(manager, 'PUT', `/rest/v1/fleet/admin/work-orders/${order.id}`, tiresAndLabour)).statusCode).toBe(428);
    const kept = (await call(manager, 'GET', `/rest/v1/fleet/admin/work-orders/${order.id}`)).json() as WorkOrder;
    expect(kept).toMatchObject({ vendor_name: 'Main Street Tire', version: order.version + 1 });
  });

  it('keeps work orders to the fleet office of their own agency', async () => {
    const request = await report(await addVehicle());
    const order = (await startWorkOrder(manager, request)).json() as WorkOrder;
    expect((await call(officer, 'GET', `/rest/v1/fleet/admin/work-orders/${order.id}`)).statusCode).toBe(403);
    expect((await startWorkOrder(officer, request)).statusCode).toBe(403);
    expect((await saveWorkOrder(officer, order, tiresAndLabour)).statusCode).toBe(403);

    expect((await call(otherManager, 'GET', `/rest/v1/fleet/admin/work-orders/${order.id}`)).statusCode).toBe(404);
    expect((await saveWorkOrder(otherManager, order, { ...tiresAndLabour, vendor_id: null })).statusCode).toBe(404);
    expect((await startWorkOrder(otherManager, request)).statusCode).toBe(404);
    expect((await call(otherManager, 'GET', `/rest/v1/fleet/admin/vehicles/${request.vehicle_id}/costs`)).statusCode).toBe(404);
    const unchanged = (await call(manager, 'GET', `/rest/v1/fleet/admin/work-orders/${order.id}`)).json() as WorkOrder;
    expect(unchanged).toMatchObject({ vendor_name: 'City Tire & Auto', version: order.version });
  });

  it('keeps the invoice for the fleet office: officers and other agencies cannot read it, nor attach someone else’s file', async () => {
    const request = await report(await addVehicle());
    const invoiceId = await upload(manager, INVOICE, 'application/pdf', 'Invoice 88213.pdf');
    const order = (await startWorkOrder(manager, request, { ...tiresAndLabour, attachment_ids: [invoiceId] })).json() as WorkOrder;
    expect(order.attachments).toEqual([
      { id: invoiceId, name: 'Invoice 88213.pdf', content_type: 'application/pdf', size: INVOICE.length },
    ]);

    const read = (session: Session) => call(session, 'GET', `/storage/v1/object/${invoiceId}`);
    const byColleague = await read(colleague);
    expect(byColleague.statusCode).toBe(200);
    expect(byColleague.headers['content-type']).toContain('application/pdf');
    expect((await read(officer)).statusCode).toBe(404);
    expect((await read(otherManager)).statusCode).toBe(404);

    // A file someone else uploaded (here the officer's photo) cannot be attached by its id.
    const officersFile = await upload(officer, INVOICE, 'application/pdf', 'mine.pdf');
    const refused = await saveWorkOrder(manager, order, { ...tiresAndLabour, attachment_ids: [invoiceId, officersFile] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ attachment_ids: 'A file was not saved; attach it again' });
    // The colleague keeps the manager's invoice on the order when adding their own photo.
    const photoId = await upload(colleague, INVOICE, 'application/pdf', 'Old tire.pdf');
    const saved = await saveWorkOrder(colleague, order, { ...tiresAndLabour, attachment_ids: [invoiceId, photoId] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as WorkOrder).attachments.map((file) => file.name)).toEqual(['Invoice 88213.pdf', 'Old tire.pdf']);
  });

  it('starts no work order on a declined request', async () => {
    const request = await report(await addVehicle());
    const declined = (
      await updateRequest(request, { status: 'declined', note: 'Duplicate of an earlier request' })
    ).json() as ServiceRequest;
    const response = await startWorkOrder(manager, declined);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ status: 'A declined request has no work to record; reopen it first' });
  });
});
