import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { CostOfOwnership, ExpiringDocument, FleetReport, FuelEntry, Vendor } from '../../core/contracts/fleet-records.ts';
import type { Page } from '../../core/contracts/admin.ts';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, fresh, ifMatch, ok } from '../test-support/api-calls.ts';
import { addDays, localDate } from './agency-days.ts';
import { fleetJobs, reminderHourReached, reminderThreshold, remindAgency, remindersOf } from './documents.ts';
import { fuelEntries, vehicleEvents, vehicles } from './schema.ts';

/**
 * Basic fleet records (issue 22, point 5): the vendor list, the fuel log with economy and outliers, the
 * vehicles' document dates with their reminders, the cost of ownership and the fleet report.
 */
describe.each(DATABASE_KINDS)('basic fleet records on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let manager: Session;
  let officer: Session;
  let otherManager: Session;
  let managerEmail: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Records PD');
    const managerUser = await makeUser(server, agency, { permissions: ['fleet:admin'], name: 'Pat Fleet' });
    managerEmail = managerUser.email;
    manager = await signIn(server, managerUser);
    officer = await signIn(
      server,
      await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit', 'fleet:servicerequest.submit'], name: 'Sam Officer' }),
    );
    const other = await makeAgency(server, 'Other Records PD');
    otherManager = await signIn(server, await makeUser(server, other, { permissions: ['fleet:admin'] }));
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);
  const created = <T>(session: Session, url: string, payload: object): Promise<T> =>
    call(session, 'POST', url, payload, fresh()).then((response) => ok<T>(response, 201));

  let unit = 0;
  const addVehicle = (session = manager) => {
    unit += 1;
    return created<Vehicle>(session, '/rest/v1/fleet/admin/vehicles', {
      unit_number: `R${kind[0]}-${unit}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Police Interceptor Utility',
      year: 2024,
      odometer: 10_000,
    });
  };
  const fill = (vehicle: Vehicle, odometer: number, gallons: number, at: string, extra: object = {}) =>
    created<FuelEntry>(officer, '/rest/v1/fleet/fuel', {
      vehicle_id: vehicle.id,
      filled_at: at,
      quantity: gallons,
      total_cents: Math.round(gallons * 349),
      odometer,
      full_tank: true,
      ...extra,
    });

  it('keeps a vendor list the office adds to, corrects and retires, never two of one name', async () => {
    const vendor = await created<Vendor>(manager, '/rest/v1/fleet/admin/vendors', {
      name: 'Lakeside Tire',
      phone: '(555) 201-0000',
      email: 'shop@lakeside.example',
      account_number: 'A-1',
    });
    expect(vendor).toMatchObject({ name: 'Lakeside Tire', active: true, address: null, version: 1 });
    const twice = await call(manager, 'POST', '/rest/v1/fleet/admin/vendors', { name: 'lakeside tire' }, fresh());
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ name: 'Lakeside Tire is already on the list' });
    const bad = await call(manager, 'POST', '/rest/v1/fleet/admin/vendors', { name: '', email: 'nope' }, fresh());
    expect(bad.json().fields).toMatchObject({ name: 'Give it a name', email: 'Enter an e-mail address like shop@example.com' });

    const retired = await call(manager, 'PATCH', `/rest/v1/fleet/admin/vendors/${vendor.id}`, { active: false }, ifMatch(1));
    expect(retired.json()).toMatchObject({ active: false, version: 2 });
    const stale = await call(manager, 'PATCH', `/rest/v1/fleet/admin/vendors/${vendor.id}`, { notes: 'x' }, ifMatch(1));
    expect(stale.statusCode).toBe(412);
    const active = (await call(manager, 'GET', '/rest/v1/fleet/admin/vendors')).json() as Page<Vendor>;
    expect(active.items.map((v) => v.id)).not.toContain(vendor.id);
    const all = (await call(manager, 'GET', '/rest/v1/fleet/admin/vendors?status=all')).json() as Page<Vendor>;
    expect(all.items.map((v) => v.id)).toContain(vendor.id);
    // Active vendors first, then the retired ones.
    const zulu = await created<Vendor>(manager, '/rest/v1/fleet/admin/vendors', { name: 'Zulu Fuel' });
    const listed = ((await call(manager, 'GET', '/rest/v1/fleet/admin/vendors?status=all')).json() as Page<Vendor>).items.map((v) => v.id);
    expect(listed.indexOf(zulu.id)).toBeLessThan(listed.indexOf(vendor.id));
    // A retired vendor cannot be given new work.
    const request = await created<ServiceRequest>(officer, '/rest/v1/fleet/service-requests', {
      vehicle_id: (await addVehicle()).id,
      category: 'tires',
      description: 'Flat tire, front left',
      drivable: true,
    });
    const toRetired = await call(
      manager,
      'PATCH',
      `/rest/v1/fleet/admin/service-requests/${request.id}`,
      { vendor_id: vendor.id },
      ifMatch(request.version),
    );
    expect(toRetired.json().fields).toEqual({ vendor_id: 'Choose one of the active vendors' });
  });

  it('keeps vendors, fuel, documents and reports to the fleet office of their own agency', async () => {
    const vendor = await created<Vendor>(manager, '/rest/v1/fleet/admin/vendors', { name: 'Private Garage' });
    const vehicle = await addVehicle();
    const entry = await fill(vehicle, 10_300, 14, new Date().toISOString());
    expect((await call(officer, 'GET', '/rest/v1/fleet/admin/vendors')).statusCode).toBe(403);
    expect((await call(officer, 'GET', '/rest/v1/fleet/admin/fuel')).statusCode).toBe(403);
    expect((await call(officer, 'GET', '/rest/v1/fleet/admin/reports?from=2026-01-01&to=2026-01-31')).statusCode).toBe(403);
    expect((await call(otherManager, 'GET', `/rest/v1/fleet/admin/vendors/${vendor.id}`)).statusCode).toBe(404);
    expect((await call(otherManager, 'GET', `/rest/v1/fleet/admin/fuel/${entry.id}`)).statusCode).toBe(404);
    const voidTheirs = await call(otherManager, 'POST', `/rest/v1/fleet/admin/fuel/${entry.id}/void`, { reason: 'Not ours' }, ifMatch(1));
    expect(voidTheirs.statusCode).toBe(404);
    const documents = await call(
      otherManager,
      'PUT',
      `/rest/v1/fleet/admin/vehicles/${vehicle.id}/documents`,
      { registration_expires_on: '2027-01-01', insurance_expires_on: null, inspection_expires_on: null },
      ifMatch(vehicle.version),
    );
    expect(documents.statusCode).toBe(404);
    const cost = await call(
      otherManager,
      'GET',
      `/rest/v1/fleet/admin/vehicles/${vehicle.id}/cost-of-ownership?from=2026-01-01&to=2026-12-31`,
    );
    expect(cost.statusCode).toBe(404);
    const theirs = (await call(otherManager, 'GET', '/rest/v1/fleet/admin/fuel')).json() as Page<FuelEntry>;
    expect(theirs.items).toEqual([]);
    // An officer of another agency cannot log fuel for our car either.
    const foreign = await call(otherManager, 'POST', '/rest/v1/fleet/fuel', {}, fresh());
    expect(foreign.statusCode).toBe(403);
  });

  it('logs an officer’s fill once however often the phone retries, and names every bad field at once', async () => {
    const vehicle = await addVehicle();
    const body = {
      vehicle_id: vehicle.id,
      filled_at: new Date().toISOString(),
      quantity: 15.25,
      total_cents: 5_322,
      odometer: 10_420,
      full_tank: true,
    };
    const key = fresh();
    const first = await call(officer, 'POST', '/rest/v1/fleet/fuel', body, key);
    const again = await call(officer, 'POST', '/rest/v1/fleet/fuel', body, key);
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({
      quantity: 15.25,
      unit: 'gallon',
      entered_by_name: 'Sam Officer',
      economy: null,
      economy_unit: 'mpg',
      outlier: null,
    });
    const list = (await call(manager, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${vehicle.id}`)).json() as Page<FuelEntry>;
    expect(list.total).toBe(1);
    // The car's odometer follows the fill.
    expect(((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json() as Vehicle).odometer).toBe(10_420);

    const bad = await call(
      officer,
      'POST',
      '/rest/v1/fleet/fuel',
      { vehicle_id: vehicle.id, filled_at: 'yesterday', quantity: 0, total_cents: -1, odometer: 1.5 },
      fresh(),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['filled_at', 'full_tank', 'odometer', 'quantity', 'total_cents']);
  });

  it('works out economy between full fills and flags a fill far off the car’s median or with the odometer going back', async () => {
    const vehicle = await addVehicle();
    const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 15)).toISOString();
    await fill(vehicle, 10_000, 12, day(0));
    // 300 miles on 15 gallons = 20 mpg, three times; a partial fill counts toward the next full one.
    await fill(vehicle, 10_300, 15, day(3));
    await fill(vehicle, 10_450, 7, day(5), { full_tank: false });
    await fill(vehicle, 10_600, 8, day(6));
    await fill(vehicle, 10_900, 15, day(9));
    const thirsty = await fill(vehicle, 11_000, 15, day(11)); // 100 miles on 15 gallons: 6.7 mpg
    const backwards = await fill(vehicle, 10_950, 10, day(12));
    const page = (await call(manager, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${vehicle.id}&page_size=10`)).json() as Page<FuelEntry>;
    expect(page.items.map((entry) => [entry.odometer, entry.economy])).toEqual([
      [10_950, null],
      [11_000, 6.7],
      [10_900, 20],
      [10_600, 20],
      [10_450, null],
      [10_300, 20],
      [10_000, null],
    ]);
    const flagged = (
      await call(manager, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${vehicle.id}&show=outliers&from=2026-10-01`)
    ).json() as Page<FuelEntry>;
    expect(flagged.items.map((entry) => [entry.id, entry.outlier])).toEqual([
      [backwards.id, 'The odometer (10,950) is below the fill before (11,000)'],
      [thirsty.id, "6.7 mpg is 34 % of this vehicle's median 20 mpg"],
    ]);

    // The office corrects the slip (against its version) and the outlier is gone; a stale correction is 412.
    const corrected = await call(
      manager,
      'PUT',
      `/rest/v1/fleet/admin/fuel/${thirsty.id}`,
      { filled_at: thirsty.filled_at, quantity: 5, total_cents: 1_745, odometer: 11_000, full_tank: true },
      ifMatch(thirsty.version),
    );
    expect(corrected.json()).toMatchObject({ quantity: 5, economy: 20, outlier: null, version: 2 });
    const stale = await call(
      manager,
      'PUT',
      `/rest/v1/fleet/admin/fuel/${thirsty.id}`,
      { filled_at: thirsty.filled_at, quantity: 6, total_cents: 1_745, odometer: 11_000, full_tank: true },
      ifMatch(thirsty.version),
    );
    expect(stale.statusCode).toBe(412);
    // Voided with a reason, the backwards fill stays on record, out of the economy.
    const noReason = await call(manager, 'POST', `/rest/v1/fleet/admin/fuel/${backwards.id}/void`, { reason: '' }, ifMatch(1));
    expect(noReason.json().fields).toEqual({ reason: 'Say why (at least 3 characters)' });
    const voided = await call(
      manager,
      'POST',
      `/rest/v1/fleet/admin/fuel/${backwards.id}/void`,
      { reason: 'Typed the wrong car' },
      ifMatch(1),
    );
    expect(voided.json()).toMatchObject({ void_reason: 'Typed the wrong car', economy: null, outlier: null });
    expect(voided.json().voided_at).not.toBeNull();
    const valid = (await call(manager, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${vehicle.id}`)).json() as Page<FuelEntry>;
    expect(valid.total).toBe(6);
    const withVoided = (
      await call(manager, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${vehicle.id}&show=voided`)
    ).json() as Page<FuelEntry>;
    expect(withVoided.total).toBe(7);
  });

  it('shows a fill changed by anyone, even straight in the database, in the economy of the next list', async () => {
    const vehicle = await addVehicle();
    const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 15)).toISOString();
    await fill(vehicle, 20_000, 12, day(0));
    const second = await fill(vehicle, 20_300, 15, day(2));
    const economies = async () =>
      ((await call(manager, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${vehicle.id}`)).json() as Page<FuelEntry>).items.map(
        (entry) => entry.economy,
      );
    expect(await economies()).toEqual([20, null]);
    expect(await economies()).toEqual([20, null]);
    // Another server, a script or an operator: no request of this server sees the change made.
    await server.database.withTenant(agency.id, (tx) =>
      tx
        .update(fuelEntries)
        .set({ quantityThousandths: 10_000 })
        .where(and(eq(fuelEntries.agencyId, agency.id), eq(fuelEntries.id, second.id))),
    );
    expect(await economies()).toEqual([30, null]);
    // A later fill of the car, logged through the API, moves its economy on too.
    await fill(vehicle, 20_500, 10, day(4));
    expect(await economies()).toEqual([20, 30, null]);
  });

  it('lets the office undo a mistyped fill-up odometer by correcting or voiding it, so squad checks are taken again', async () => {
    const odometerOf = async (vehicle: Vehicle) =>
      ((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json() as Vehicle).odometer;
    const reading = (vehicle: Vehicle, value: number) =>
      call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/odometer`, { reading: value });
    const vehicle = await addVehicle();
    await fill(vehicle, 10_200, 10, new Date(Date.now() - 86_400_000).toISOString());
    // 104,000 for 10,400: the car reads it, with an odometer event on its timeline, and a true reading is refused.
    const slip = await fill(vehicle, 104_000, 10, new Date().toISOString());
    expect(await odometerOf(vehicle)).toBe(104_000);
    const timeline = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline`)).json() as {
      items: Array<{ kind: string; summary: string; ref_id: string | null }>;
    };
    expect(timeline.items).toContainEqual(expect.objectContaining({ kind: 'odometer', summary: 'Odometer 104,000 mi', ref_id: slip.id }));
    expect((await reading(vehicle, 10_500)).statusCode).toBe(400);
    const corrected = await call(
      manager,
      'PUT',
      `/rest/v1/fleet/admin/fuel/${slip.id}`,
      { filled_at: slip.filled_at, quantity: 10, total_cents: 3_490, odometer: 10_400, full_tank: true },
      ifMatch(slip.version),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await odometerOf(vehicle)).toBe(10_400);
    expect((await reading(vehicle, 10_500)).statusCode).toBe(200);

    // Voided, the slip leaves the car at the highest reading left: here the fill before it.
    const other = await addVehicle();
    await fill(other, 10_300, 10, new Date(Date.now() - 86_400_000).toISOString());
    const typo = await fill(other, 99_999, 10, new Date().toISOString());
    expect(await odometerOf(other)).toBe(99_999);
    const voided = await call(manager, 'POST', `/rest/v1/fleet/admin/fuel/${typo.id}/void`, { reason: 'Odometer mistyped' }, ifMatch(1));
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await odometerOf(other)).toBe(10_300);
    expect((await reading(other, 10_350)).statusCode).toBe(200);
  });

  it('lists the outliers of the last 12 months unless dates are given', async () => {
    const vehicle = await addVehicle();
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await fill(vehicle, 10_100, 10, daysAgo(400));
    const old = await fill(vehicle, 9_100, 10, daysAgo(399)); // the odometer going back, over a year ago
    await fill(vehicle, 10_400, 15, daysAgo(2));
    const outliers = (query: string) =>
      call(manager, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${vehicle.id}&show=outliers${query}`).then((response) =>
        (response.json() as Page<FuelEntry>).items.map((entry) => entry.id),
      );
    expect(await outliers('')).toEqual([]);
    expect(await outliers(`&from=${addDays(localDate(new Date(), 'America/Chicago'), -420)}`)).toEqual([old.id]);
  });

  it('gives economy in km per litre when the agency buys fuel by the litre', async () => {
    expect((await call(manager, 'PUT', '/rest/v1/fleet/admin/settings', { fuel_unit: 'litre' })).statusCode).toBe(200);
    try {
      const vehicle = await addVehicle();
      await fill(vehicle, 10_000, 40, new Date(Date.UTC(2026, 9, 1)).toISOString());
      const second = await fill(vehicle, 10_250, 50, new Date(Date.UTC(2026, 9, 4)).toISOString());
      // 250 miles is 402.3 km, on 50 litres.
      expect(second).toMatchObject({ unit: 'litre', economy: 8, economy_unit: 'km_per_l' });
      // A fill typed in gallons (a phone that had not loaded the settings, sending from its outbox) is kept
      // in gallons and counted as such: 13.209 gallons is 50 litres, so the economy is 8 km/l again.
      const inGallons = await fill(vehicle, 10_500, 13.209, new Date(Date.UTC(2026, 9, 7)).toISOString(), { unit: 'gallon' });
      expect(inGallons).toMatchObject({ quantity: 13.209, unit: 'gallon', economy: 8, economy_unit: 'km_per_l' });
    } finally {
      await call(manager, 'PUT', '/rest/v1/fleet/admin/settings', { fuel_unit: 'gallon' });
    }
  });

  it('keeps a vehicle’s document dates and lists those lapsing within the month, lapsed ones first', async () => {
    const vehicle = await addVehicle();
    const today = localDate(new Date(), 'America/Chicago');
    const set = await call(
      manager,
      'PUT',
      `/rest/v1/fleet/admin/vehicles/${vehicle.id}/documents`,
      { registration_expires_on: addDays(today, -2), insurance_expires_on: addDays(today, 10), inspection_expires_on: addDays(today, 200) },
      ifMatch(vehicle.version),
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ registration_expires_on: addDays(today, -2), version: vehicle.version + 1 });
    const bad = await call(
      manager,
      'PUT',
      `/rest/v1/fleet/admin/vehicles/${vehicle.id}/documents`,
      { registration_expires_on: '31/12/2026', insurance_expires_on: null, inspection_expires_on: null },
      ifMatch(vehicle.version + 1),
    );
    expect(bad.json().fields).toEqual({ registration_expires_on: 'Use a date (YYYY-MM-DD)' });
    const expiring = (await call(manager, 'GET', '/rest/v1/fleet/admin/documents/expiring')).json() as ExpiringDocument[];
    expect(expiring.filter((document) => document.vehicle_id === vehicle.id)).toEqual([
      { vehicle_id: vehicle.id, unit_number: vehicle.unit_number, document: 'registration', expires_on: addDays(today, -2), days_left: -2 },
      { vehicle_id: vehicle.id, unit_number: vehicle.unit_number, document: 'insurance', expires_on: addDays(today, 10), days_left: 10 },
    ]);
  });

  it('reminds the fleet office 30 days, 7 days and the day before a document lapses, once per threshold across reruns', async () => {
    expect([40, 30, 12, 7, 2, 1, 0, -3].map(reminderThreshold)).toEqual([null, 30, 30, 7, 7, 1, null, null]);
    // The hourly job reminds each agency from 06:00 of its own day: 11:00 UTC is 05:00 in Chicago.
    expect(reminderHourReached(new Date('2026-11-25T11:00:00Z'), 'America/Chicago')).toBe(false);
    expect(reminderHourReached(new Date('2026-11-25T12:00:00Z'), 'America/Chicago')).toBe(true);
    expect(reminderHourReached(new Date('2026-11-25T11:00:00Z'), 'UTC')).toBe(true);
    const vehicle = await addVehicle();
    const zone = 'America/Chicago';
    const now = new Date();
    const today = localDate(now, zone);
    await call(
      manager,
      'PUT',
      `/rest/v1/fleet/admin/vehicles/${vehicle.id}/documents`,
      { registration_expires_on: addDays(today, 25), insurance_expires_on: null, inspection_expires_on: null },
      ifMatch(vehicle.version),
    );
    const dayAt = (offset: number) => new Date(now.getTime() + offset * 86_400_000);
    const reminders = async () =>
      (await server.database.withTenant(agency.id, (tx) => remindersOf(tx, agency.id, [vehicle.id]))).map((row) => row.daysBefore).sort();
    await remindAgency(server.services, agency.id, dayAt(0));
    // The daily job (what pg-boss runs) finds the agency through its security-definer function.
    await fleetJobs[0]!.handle(server.services, {});
    await remindAgency(server.services, agency.id, dayAt(1));
    expect(await reminders()).toEqual([30]);
    await remindAgency(server.services, agency.id, dayAt(19));
    await remindAgency(server.services, agency.id, dayAt(19));
    expect(await reminders()).toEqual([30, 7]);
    await remindAgency(server.services, agency.id, dayAt(24));
    await remindAgency(server.services, agency.id, dayAt(26));
    expect(await reminders()).toEqual([1, 30, 7]);
    const mail = await server.waitForMail(managerEmail, /Registration of unit .* is valid for 25 more days/);
    expect(mail.text).toContain(`/fleet/admin/vehicle/${vehicle.id}`);
    const bell = (await call(manager, 'GET', '/rest/v1/notifications')).json() as { items: Array<{ title: string }> };
    const titles = bell.items
      .filter((notice) => notice.title.startsWith(`Registration of unit ${vehicle.unit_number}`))
      .map((n) => n.title);
    expect(titles).toHaveLength(3);
    // The date is the last valid day: the day before it, the paper is still valid tomorrow.
    expect(titles).toContain(`Registration of unit ${vehicle.unit_number} is valid until tomorrow`);
  });

  it('adds up a vehicle’s cost of ownership and the fleet report over a period', async () => {
    const vehicle = await addVehicle();
    const request = await created<ServiceRequest>(officer, '/rest/v1/fleet/service-requests', {
      vehicle_id: vehicle.id,
      category: 'brakes',
      description: 'Brakes squeal',
      drivable: false,
    });
    const done = await call(
      manager,
      'PATCH',
      `/rest/v1/fleet/admin/service-requests/${request.id}`,
      { status: 'completed', cost_cents: 30_000 },
      ifMatch(request.version),
    );
    expect(done.statusCode, done.body).toBe(200);
    const now = Date.now();
    await fill(vehicle, 10_100, 10, new Date(now - 3 * 86_400_000).toISOString());
    await fill(vehicle, 10_500, 20, new Date(now - 60_000).toISOString());
    const today = localDate(new Date(), 'America/Chicago');
    const from = addDays(today, -10);
    const cost = (
      await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/cost-of-ownership?from=${from}&to=${today}`)
    ).json() as CostOfOwnership;
    // $300 of brakes and $104.70 of fuel over 500 miles (10,000 at the start, 10,500 at the last fill).
    expect(cost).toMatchObject({
      maintenance_cents: 30_000,
      fuel_cents: 10_470,
      total_cents: 40_470,
      miles: 500,
      cost_per_mile_cents: 80.94,
    });
    const backwards = await call(manager, 'GET', `/rest/v1/fleet/admin/reports?from=${today}&to=${from}`);
    expect(backwards.json().fields).toEqual({ 'querystring.to': 'The period ends before it starts' });

    const report = (await call(manager, 'GET', `/rest/v1/fleet/admin/reports?from=${from}&to=${today}`)).json() as FleetReport;
    const month = report.cost_by_month.find((m) => m.month === today.slice(0, 7))!;
    expect(month.costs.brakes).toBeGreaterThanOrEqual(30_000);
    expect(report.categories.map((category) => category.key)).toEqual(expect.arrayContaining(['brakes', 'fuel']));
    // Out of service from the report (not drivable) until completed: some downtime, under a day.
    const down = report.downtime.find((row) => row.vehicle_id === vehicle.id);
    expect(down?.days ?? 0).toBeLessThan(1);
    expect(report.vehicles.find((row) => row.vehicle_id === vehicle.id)).toMatchObject({ total_cents: 40_470, miles: 500 });
    expect(report.checks_by_week.length).toBeGreaterThanOrEqual(2);
    expect(report.checks_by_week.every((week) => week.completed <= week.due)).toBe(true);
  });

  it('counts squad checks due only on the days each car was in service, walked from its status changes', async () => {
    const own = await makeAgency(server, 'Report Days PD');
    const chief = await signIn(server, await makeUser(server, own, { permissions: ['fleet:admin'] }));
    const add = (n: number) =>
      created<Vehicle>(chief, '/rest/v1/fleet/admin/vehicles', {
        unit_number: `D${kind[0]}-${n}`,
        vehicle_type: 'patrol',
        make: 'Ford',
        model: 'Explorer',
        year: 2024,
        odometer: 1_000,
      });
    const parked = await add(1);
    const retired = await add(2);
    for (const [vehicle, status] of [
      [parked, 'out_of_service'],
      [retired, 'retired'],
    ] as const)
      expect(
        (await call(chief, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/status`, { status, reason: 'For the report' })).statusCode,
      ).toBe(200);
    // Both were added ten days ago; one out of service since eight days ago, the other retired five days ago.
    const now = Date.now();
    await server.database.withTenant(own.id, async (tx) => {
      await tx
        .update(vehicles)
        .set({ createdAt: new Date(now - 10 * 86_400_000) })
        .where(eq(vehicles.agencyId, own.id));
      for (const [vehicle, days] of [
        [parked, 8],
        [retired, 5],
      ] as const)
        await tx
          .update(vehicleEvents)
          .set({ at: new Date(now - days * 86_400_000) })
          .where(and(eq(vehicleEvents.agencyId, own.id), eq(vehicleEvents.vehicleId, vehicle.id), eq(vehicleEvents.kind, 'status')));
    });
    const today = localDate(new Date(now), 'America/Chicago');
    const report = (await call(chief, 'GET', `/rest/v1/fleet/admin/reports?from=${addDays(today, -12)}&to=${today}`)).json() as FleetReport;
    // In service the three days up to the day it was parked, and the six up to the day the other was retired.
    expect(report.checks_by_week.reduce((sum, week) => sum + week.due, 0)).toBe(3 + 6);
    expect(report.checks_by_week.reduce((sum, week) => sum + week.completed, 0)).toBe(0);
  });

  it('refuses a report or cost of ownership over more than three years, an end left out included', async () => {
    const vehicle = await addVehicle();
    const started = Date.now();
    for (const url of [
      '/rest/v1/fleet/admin/reports?from=0001-01-01',
      `/rest/v1/fleet/admin/vehicles/${vehicle.id}/cost-of-ownership?from=2000-01-01`,
    ]) {
      const response = await call(manager, 'GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ 'querystring.from': 'Choose at most three years' });
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    const fine = await call(manager, 'GET', `/rest/v1/fleet/admin/reports?from=${addDays(localDate(new Date(), 'America/Chicago'), -365)}`);
    expect(fine.statusCode).toBe(200);
  });
});
