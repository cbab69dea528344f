import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agencies } from '../db/schema.ts';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { apiCaller, ifMatch, ok } from '../test-support/api-calls.ts';
import { makeAgency, makeUser, signIn, type TestAgency } from '../test-support/factories.ts';
import { passingAnswers } from '../test-support/fleet-samples.ts';
import { sampleAnswers } from './sample-answers.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { ServiceRequest, SquadCheckForm, Vehicle } from '../../core/contracts/fleet.ts';
import type { Page } from '../../core/contracts/fields.ts';
import { solidPng } from '../platform/sample-images.ts';

const VALID_VIN = '1HGCM82633A004352';
const PNG = solidPng(2, 2, [30, 90, 200]);

describe.each(DATABASE_KINDS)('the fleet module API on %s', (kind) => {
  let server: TestServer;
  let agency: TestAgency;
  let manager: Session;
  let officer: Session;
  let otherOfficer: Session;
  let managerEmail: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    agency = await makeAgency(server, 'Fleet Test PD');
    const managerUser = await makeUser(server, agency, { permissions: ['fleet:admin'], name: 'Pat Fleet' });
    managerEmail = managerUser.email;
    manager = await signIn(server, managerUser);
    officer = await signIn(
      server,
      await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit', 'fleet:servicerequest.submit'], name: 'Sam Officer' }),
    );
    otherOfficer = await signIn(
      server,
      await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit', 'fleet:servicerequest.submit'] }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = apiCaller(() => server);

  let unit = 0;
  async function addVehicle(extra: object = {}): Promise<Vehicle> {
    unit += 1;
    const response = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
      unit_number: `${kind[0]}-${unit}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Police Interceptor Utility',
      year: 2024,
      odometer: 12_000,
      ...extra,
    });
    return ok<Vehicle>(response, 201);
  }

  async function formFor(vehicle: Vehicle): Promise<SquadCheckForm> {
    return (await call(officer, 'GET', `/rest/v1/fleet/squad-checks/form/${vehicle.id}`)).json() as SquadCheckForm;
  }

  describe('vehicles', () => {
    it('adds a vehicle, checking its VIN’s check digit and refusing a second unit with the same number', async () => {
      const badVin = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
        unit_number: 'V-1',
        vehicle_type: 'patrol',
        make: 'Ford',
        model: 'Explorer',
        year: 2024,
        odometer: 5,
        vin: '1HGCM82633A004353',
      });
      expect(badVin.json().fields).toEqual({
        vin: 'Not a valid VIN: 17 characters without I, O or Q, and its check digit (9th) must match',
      });
      const badType = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
        unit_number: 'V-1',
        vehicle_type: 'spaceship',
        make: 'Ford',
        model: 'Explorer',
        year: 2024,
        odometer: 5,
      });
      expect(badType.json().fields).toEqual({ vehicle_type: 'Choose one of the agency’s vehicle types' });
      const vehicle = await addVehicle({ unit_number: 'V-1', vin: VALID_VIN.toLowerCase(), plate: 'abc 123', plate_state: 'il' });
      expect(vehicle).toMatchObject({ unit_number: 'V-1', vin: VALID_VIN, plate: 'ABC 123', plate_state: 'IL', status: 'in_service' });
      const blanks = await addVehicle({ vin: '', plate: '', plate_state: '', assigned_group: '', notes: '' });
      expect(blanks).toMatchObject({ vin: null, plate: null, plate_state: null, assigned_group: null, notes: null });
      const badState = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
        unit_number: 'V-9',
        vehicle_type: 'patrol',
        make: 'Ford',
        model: 'Explorer',
        year: 2024,
        odometer: 5,
        plate_state: 'Illinois',
      });
      expect(badState.json().fields).toEqual({ plate_state: 'Use the two-letter state code' });
      const duplicate = await call(manager, 'POST', '/rest/v1/fleet/admin/vehicles', {
        unit_number: 'v-1',
        vehicle_type: 'patrol',
        make: 'Ford',
        model: 'Explorer',
        year: 2024,
        odometer: 5,
      });
      expect(duplicate.json().fields).toEqual({ unit_number: 'Unit v-1 already exists' });
    });

    it('lists vehicles filtered and sorted, exports them to CSV, and edits only against the version seen', async () => {
      const vehicle = await addVehicle({ make: 'Chevrolet', model: 'Tahoe' });
      const list = (await call(manager, 'GET', '/rest/v1/fleet/vehicles?q=tahoe&sort=odometer&order=desc')).json();
      expect(list.items.map((v: Vehicle) => v.id)).toEqual([vehicle.id]);
      const csv = await call(manager, 'GET', '/rest/v1/fleet/admin/vehicles.csv?q=tahoe');
      expect(csv.body.split('\r\n')[1]).toMatch(/^"[^"]+","patrol","in_service","Chevrolet","Tahoe"/);
      const stale = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}`,
        { notes: 'x' },
        ifMatch(vehicle.version + 5),
      );
      expect(stale.statusCode).toBe(412);
      const edited = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}`,
        { notes: 'Push bumper fitted' },
        ifMatch(vehicle.version),
      );
      expect(edited.json().notes).toBe('Push bumper fitted');
    });

    it('tells the total of every page of a list, also on a page past the end', async () => {
      await addVehicle({ make: 'Dodge', model: 'Durango' });
      await addVehicle({ make: 'Dodge', model: 'Durango' });
      const page = (n: number) => call(manager, 'GET', `/rest/v1/fleet/vehicles?q=durango&page_size=1&page=${n}`);
      expect((await page(1)).json()).toMatchObject({ total: 2, page: 1, page_size: 1, items: [{ model: 'Durango' }] });
      expect((await page(2)).json()).toMatchObject({ total: 2, items: [{ model: 'Durango' }] });
      expect((await page(3)).json()).toMatchObject({ total: 2, items: [] });
    });

    it('sets, replaces and removes a vehicle’s photo against the version seen, refusing a PDF and another agency’s file', async () => {
      const upload = async (session: Session, body: Buffer, type: string) => {
        const response = await server.request({
          method: 'POST',
          url: '/storage/v1/object?purpose=fleet',
          token: session.access_token,
          headers: { 'content-type': type },
          payload: body,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as string;
      };
      const vehicle = await addVehicle();
      expect(vehicle).toMatchObject({ photo_id: null, photo_url: null });
      const first = await upload(manager, PNG, 'image/png');
      const missing = await call(manager, 'PUT', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`, { photo_id: first });
      expect(missing.statusCode).toBe(428);
      const set = await call(
        manager,
        'PUT',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`,
        { photo_id: first },
        ifMatch(vehicle.version),
      );
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ photo_id: first, photo_url: `/storage/v1/object/${first}`, version: vehicle.version + 1 });
      expect(set.headers.etag).toBe(`"${vehicle.version + 1}"`);
      const stale = await call(
        manager,
        'PUT',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`,
        { photo_id: null },
        ifMatch(vehicle.version),
      );
      expect(stale.statusCode).toBe(412);

      const pdf = await upload(manager, Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), 'application/pdf');
      const notImage = await call(
        manager,
        'PUT',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`,
        { photo_id: pdf },
        ifMatch(set.json().version),
      );
      expect(notImage.json().fields).toEqual({ photo_id: 'The photo must be a PNG, JPEG or WebP image' });
      const elsewhere = await makeAgency(server);
      const theirs = await upload(
        await signIn(server, await makeUser(server, elsewhere, { permissions: ['fleet:admin'] })),
        PNG,
        'image/png',
      );
      const foreign = await call(
        manager,
        'PUT',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`,
        { photo_id: theirs },
        ifMatch(set.json().version),
      );
      expect(foreign.statusCode).toBe(404);

      const second = await upload(manager, PNG, 'image/png');
      const replaced = (
        await call(manager, 'PUT', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`, { photo_id: second }, ifMatch(set.json().version))
      ).json();
      expect(replaced.photo_id).toBe(second);
      const removed = (
        await call(manager, 'PUT', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`, { photo_id: null }, ifMatch(replaced.version))
      ).json();
      expect(removed).toMatchObject({ photo_id: null, photo_url: null });
      const list = (await call(manager, 'GET', `/rest/v1/fleet/vehicles?q=${encodeURIComponent(vehicle.unit_number)}`)).json();
      expect(list.items[0].photo_id).toBeNull();
    });

    it('finds the agency’s active people by name for the pickers, id and name only, at most 20', async () => {
      await makeUser(server, agency, { name: 'Quincy Assignable' });
      const found = (await call(manager, 'GET', '/rest/v1/fleet/admin/users?q=quincy')).json();
      expect(found).toEqual([{ id: expect.any(String), name: 'Quincy Assignable' }]);
      const elsewhere = await makeAgency(server);
      await makeUser(server, elsewhere, { name: 'Quincy Elsewhere' });
      for (let i = 0; i < 21; i += 1) await makeUser(server, agency, { name: `Zed Many ${String(i).padStart(2, '0')}` });
      const many = (await call(manager, 'GET', '/rest/v1/fleet/admin/users?q=zed%20many')).json();
      expect(many).toHaveLength(20);
      expect(many[0].name).toBe('Zed Many 00');
      // The picker's current value comes back whatever the search says.
      const withCurrent = (await call(manager, 'GET', `/rest/v1/fleet/admin/users?q=nobody-by-this-name&include=${found[0].id}`)).json();
      expect(withCurrent).toEqual([{ id: found[0].id, name: 'Quincy Assignable' }]);
      expect((await call(officer, 'GET', '/rest/v1/fleet/admin/users')).statusCode).toBe(403);
    });

    it('pages vehicles in the chosen order, each with its assigned officer and its open service requests', async () => {
      const officerId = (await call(officer, 'GET', '/auth/v1/user')).json().id as string;
      const [high, low, middle] = [
        await addVehicle({ make: 'Pagemaker', odometer: 30_000 }),
        await addVehicle({ make: 'Pagemaker', odometer: 10_000, assigned_user_id: officerId }),
        await addVehicle({ make: 'Pagemaker', odometer: 20_000 }),
      ];
      for (const description of ['Brakes squeal', 'Dash camera dead'])
        ok(
          await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
            vehicle_id: high!.id,
            category: 'tires',
            description,
            drivable: true,
          }),
          201,
        );
      const page = async (n: number, order: 'asc' | 'desc') =>
        (
          await call(manager, 'GET', `/rest/v1/fleet/vehicles?q=pagemaker&sort=odometer&order=${order}&page_size=2&page=${n}`)
        ).json() as Page<Vehicle>;
      const first = await page(1, 'desc');
      expect(first.total).toBe(3);
      expect(first.items.map((v) => [v.id, v.assigned_user_name, v.open_service_requests])).toEqual([
        [high!.id, null, 2],
        [middle!.id, null, 0],
      ]);
      expect((await page(2, 'desc')).items.map((v) => [v.id, v.assigned_user_name])).toEqual([[low!.id, 'Sam Officer']]);
      expect((await page(1, 'asc')).items.map((v) => v.id)).toEqual([low!.id, middle!.id]);
    });

    it('assigns a vehicle to an officer of the agency only, and the officer’s home lists it first', async () => {
      const officerId = (await call(officer, 'GET', '/auth/v1/user')).json().id as string;
      const vehicle = await addVehicle();
      const assigned = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}`,
        { assigned_user_id: officerId },
        ifMatch(vehicle.version),
      );
      expect(assigned.json()).toMatchObject({ assigned_user_id: officerId, assigned_user_name: 'Sam Officer' });
      const elsewhere = await makeAgency(server);
      const stranger = await makeUser(server, elsewhere);
      const refused = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}`,
        { assigned_user_id: stranger.id },
        ifMatch(assigned.json().version),
      );
      expect(refused.json().fields).toEqual({ assigned_user_id: 'That person is not in your agency' });
      const home = (await call(officer, 'GET', '/rest/v1/fleet/home')).json();
      expect(home.vehicles.map((v: Vehicle) => v.id)).toContain(vehicle.id);
      const cleared = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}`,
        { assigned_user_id: null },
        ifMatch(assigned.json().version),
      );
      expect(cleared.json()).toMatchObject({ assigned_user_id: null, assigned_user_name: null });
    });

    it('refuses an odometer reading lower than the last one', async () => {
      const vehicle = await addVehicle();
      const response = await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/odometer`, { reading: 11_000 });
      expect(response.json().fields).toEqual({ reading: 'The odometer already reads 12,000; a reading cannot go backwards' });
    });

    it('pages a vehicle’s timeline newest first, losing and repeating nothing across pages', async () => {
      const vehicle = await addVehicle();
      for (let i = 1; i <= 12; i += 1) {
        const reading = await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/odometer`, { reading: 12_000 + i * 10 });
        expect(reading.statusCode, reading.body).toBe(200);
      }
      const seen: Array<{ at: string; summary: string }> = [];
      let before: string | null = null;
      let pages = 0;
      do {
        const page = await call(
          manager,
          'GET',
          `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline?limit=5${before ? `&before=${encodeURIComponent(before)}` : ''}`,
        );
        expect(page.statusCode, page.body).toBe(200);
        const body = page.json() as { items: Array<{ at: string; summary: string }>; next_before: string | null };
        seen.push(...body.items);
        before = body.next_before;
        pages += 1;
      } while (before && pages < 10);
      expect(pages).toBeGreaterThanOrEqual(3);
      const odometer = seen.filter((entry) => entry.summary.startsWith('Odometer')).map((entry) => entry.summary);
      expect(odometer.slice(0, 3)).toEqual(['Odometer 12,120 mi', 'Odometer 12,110 mi', 'Odometer 12,100 mi']);
      expect(new Set(odometer).size).toBe(odometer.length);
      expect(odometer).toContain('Odometer 12,010 mi');
      expect(seen.map((entry) => entry.at)).toEqual([...seen.map((entry) => entry.at)].sort().reverse());

      // A check failing a critical item writes its odometer reading, the status change and the request it
      // opens at one instant: pages of one entry still lose none of them.
      const form = await formFor(vehicle);
      const answers = sampleAnswers(form.template.sections, {
        odometer: 12_500,
        failing: { itemId: 'lightbar', note: 'Dead' },
        fileId: '00000000-0000-4000-8000-000000000000',
      });
      const checked = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers,
      });
      expect(checked.statusCode, checked.body).toBe(201);
      const newest: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 5; page += 1) {
        const body = (
          await call(
            manager,
            'GET',
            `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline?limit=1${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
          )
        ).json() as { items: Array<{ summary: string }>; next_before: string | null };
        newest.push(...body.items.map((entry) => entry.summary));
        cursor = body.next_before;
      }
      expect(newest).toEqual(
        expect.arrayContaining([
          'Squad check with 1 failed item',
          'Odometer 12,500 mi',
          expect.stringMatching(/^in service → out of service/),
          expect.stringMatching(/^Service request #\d+ \(open\)/),
          'Odometer 12,120 mi',
        ]),
      );
      // Within the check's instant, what it opened stands above it, and its readings below it.
      expect(newest[0]).toMatch(/^Service request #\d+ \(open\)/);
      expect(newest[1]).toBe('Squad check with 1 failed item');
      const bad = await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline?before=yesterday`);
      expect(bad.json().fields).toEqual({ 'querystring.before': 'Not a valid date and time' });
    });

    it('keeps a timeline page to its size when no one kind fills it, and pages through the rest in order', async () => {
      const vehicle = await addVehicle();
      for (let i = 1; i <= 3; i += 1) {
        await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/odometer`, { reading: 12_000 + i * 10 });
        const request = await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'tires',
          description: `Tire wear ${i}`,
          drivable: true,
        });
        expect(request.statusCode, request.body).toBe(201);
      }
      type Entry = { at: string; kind: string; summary: string };
      const whole = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline`)).json() as {
        items: Entry[];
        next_before: string | null;
      };
      expect(whole.next_before).toBeNull();
      // The first reading is the one the vehicle was added with.
      expect(whole.items.filter((entry) => entry.kind === 'odometer')).toHaveLength(4);
      expect(whole.items.filter((entry) => entry.kind === 'service_request')).toHaveLength(3);

      // Four readings and three requests: five to a page means neither kind fills one, yet the page holds five.
      const first = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline?limit=5`)).json() as typeof whole;
      expect(first.items).toHaveLength(5);
      expect(first.next_before).not.toBeNull();
      const rest = (
        await call(
          manager,
          'GET',
          `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline?limit=50&before=${encodeURIComponent(first.next_before!)}`,
        )
      ).json() as typeof whole;
      expect([...first.items, ...rest.items]).toEqual(whole.items);
      expect(whole.items.map((entry) => entry.summary)).toContain('Odometer 12,030 mi');
      expect(whole.items.find((entry) => entry.kind === 'service_request')?.summary).toMatch(
        /^Service request #\d+ \(open\): Tire wear 3$/,
      );

      const missing = await call(manager, 'GET', '/rest/v1/fleet/admin/vehicles/00000000-0000-4000-8000-000000000000/timeline');
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('squad checks', () => {
    it('gives an officer the police default form and keeps a draft across reloads', async () => {
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      expect(form.template.name).toBe('Patrol vehicle squad check');
      expect(form.template.sections.flatMap((s) => s.items.map((i) => i.id))).toEqual(
        expect.arrayContaining([
          'lightbar',
          'siren',
          'radio',
          'camera',
          'cage',
          'rear_search',
          'first_aid',
          'extinguisher',
          'tires',
          'body',
        ]),
      );
      expect(form.draft).toBeNull();
      const saved = await call(officer, 'PUT', `/rest/v1/fleet/squad-checks/drafts/${vehicle.id}`, {
        answers: [{ item_id: 'lightbar', value: 'pass' }],
      });
      expect(saved.statusCode).toBe(200);
      expect((await formFor(vehicle)).draft?.answers).toEqual([{ item_id: 'lightbar', value: 'pass' }]);
    });

    it('names every unanswered or malformed item, and asks for a note on a failed one', async () => {
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      const response = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers: [
          { item_id: 'lightbar', value: 'fail' },
          { item_id: 'fuel', value: 'lots' },
          { item_id: 'rear_search', value: 'Maybe' },
        ],
      });
      expect(response.statusCode).toBe(400);
      const fields = response.json().fields;
      expect(fields['answers.lightbar']).toBe('Add a note saying what is wrong');
      expect(fields['answers.fuel']).toBe('Enter a number');
      expect(fields['answers.rear_search']).toBe('Choose one of the options');
      expect(fields['answers.siren']).toBe('Answer this item');
    });

    it('takes the car out of service on a critical failure with a request of its own, tells the fleet office, and returns the car when the office completes it', async () => {
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      const answers = passingAnswers(form.template.sections).map((a) =>
        a.item_id === 'lightbar'
          ? { ...a, value: 'fail', note: 'Rear light bar dead on driver side' }
          : a.item_id === 'odometer'
            ? { ...a, value: 12_345 }
            : a,
      );
      const submitted = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers,
      });
      expect(submitted.statusCode).toBe(201);
      const check = submitted.json();
      expect(check).toMatchObject({
        took_vehicle_out_of_service: true,
        odometer: 12_345,
        failed_items: [{ item_id: 'lightbar', critical: true, note: 'Rear light bar dead on driver side' }],
      });

      const outOfService = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json();
      expect(outOfService).toMatchObject({
        status: 'out_of_service',
        odometer: 12_345,
        status_reason: expect.stringMatching(/Critical squad check failure: Light bar/),
      });
      await server.waitForMail(managerEmail, new RegExp(`for unit ${vehicle.unit_number} \\(not drivable\\)`));

      // The failure is a request the officer can follow and the office works.
      const mine = (await call(officer, 'GET', `/rest/v1/fleet/service-requests/mine?vehicle_id=${vehicle.id}`)).json();
      const request = mine.items[0] as ServiceRequest;
      expect(request).toMatchObject({ status: 'open', squad_check_id: check.id, out_of_service: true, drivable: false });
      // The answer points to that request and names the items it covers.
      expect(check.opened_service_request).toEqual({ id: request.id, number: request.number, status: 'open', item_ids: ['lightbar'] });
      const detail = (await call(manager, 'GET', `/rest/v1/fleet/admin/squad-checks/${check.id}`)).json();
      expect(detail.opened_service_request).toEqual({ id: request.id, number: request.number, status: 'open', item_ids: ['lightbar'] });

      const inProgress = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'in_progress' },
        ifMatch(request.version),
      );
      expect(inProgress.statusCode).toBe(200);
      expect((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json().status).toBe('out_of_service');
      const completed = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'completed', cost_cents: 41_250, note: 'Replaced LED module' },
        ifMatch(inProgress.json().version),
      );
      expect(completed.json()).toMatchObject({
        status: 'completed',
        cost_cents: 41_250,
        out_of_service: false,
        completed_at: expect.any(String),
      });
      expect(completed.json().events.map((e: { to_status: string }) => e.to_status)).toEqual(['open', 'in_progress', 'completed']);
      // Each change is stamped as the API writes times (UTC, to the millisecond), the last as the request was completed.
      const events: Array<{ at: string }> = completed.json().events;
      for (const event of events) expect(event.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(events.at(-1)?.at ?? '') - Date.parse(completed.json().completed_at))).toBeLessThan(1000);

      expect((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json().status).toBe('in_service');
      await server.waitForMail((await call(officer, 'GET', '/auth/v1/user')).json().email, /Service request #\d+ is completed/);
      const timeline = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/timeline`)).json().items;
      expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(
        expect.arrayContaining(['squad_check', 'service_request', 'status', 'odometer']),
      );
    });

    it('opens no request for a non-critical failure, and names none in the answer or the office’s list', async () => {
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      const answers = passingAnswers(form.template.sections, 20_000).map((a) =>
        a.item_id === 'camera' ? { ...a, value: 'fail', note: 'Will not upload' } : a,
      );
      const submitted = (
        await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
          vehicle_id: vehicle.id,
          template_version_id: form.template.version_id,
          answers,
        })
      ).json();
      expect(submitted).toMatchObject({
        failed_items: [{ item_id: 'camera', critical: false }],
        took_vehicle_out_of_service: false,
        opened_service_request: null,
      });
      const list = (await call(manager, 'GET', `/rest/v1/fleet/admin/squad-checks?vehicle_id=${vehicle.id}`)).json();
      expect(list.items.map((s: { opened_service_request: unknown }) => s.opened_service_request)).toEqual([null]);
      // The officer's one-click request for the failure is not mistaken for one the check opened.
      await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
        vehicle_id: vehicle.id,
        category: 'emergency_equipment',
        description: 'Camera: Will not upload',
        drivable: true,
        squad_check_id: submitted.id,
        squad_check_item_id: 'camera',
      });
      expect((await call(manager, 'GET', `/rest/v1/fleet/admin/squad-checks/${submitted.id}`)).json().opened_service_request).toBeNull();
    });

    it('pages through squad checks of one instant in one fixed order, repeating and skipping none', async () => {
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      const ids: string[] = [];
      for (const odometer of [21_000, 21_100, 21_200]) {
        const answers = passingAnswers(form.template.sections, odometer);
        const posted = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
          vehicle_id: vehicle.id,
          template_version_id: form.template.version_id,
          answers,
        });
        expect(posted.statusCode, posted.body).toBe(201);
        ids.push(posted.json().id);
      }
      // Three checks of the same instant (a device syncing its queue at once).
      await server.database.withTenant(agency.id, (tx) =>
        tx.execute(
          sql`update squad_check_submissions set submitted_at = date_trunc('second', now()) - interval '1 hour' where agency_id = ${agency.id} and vehicle_id = ${vehicle.id}`,
        ),
      );
      const paged: string[] = [];
      for (const page of [1, 2, 3]) {
        const list = (
          await call(manager, 'GET', `/rest/v1/fleet/admin/squad-checks?vehicle_id=${vehicle.id}&failures=all&page=${page}&page_size=1`)
        ).json();
        expect(list.total).toBe(3);
        paged.push(...list.items.map((s: { id: string }) => s.id));
      }
      // In one order every time (the id decides between checks of one instant), so no page repeats or skips one.
      expect(paged).toEqual([...ids].sort().reverse());
    });

    it('keeps a car out of service while a critical failure is unresolved, even when another request on it is completed', async () => {
      const vehicle = await addVehicle();
      const tire = (
        await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'tires',
          description: 'Flat tire',
          drivable: false,
        })
      ).json() as ServiceRequest;
      const form = await formFor(vehicle);
      const answers = passingAnswers(form.template.sections, 20_000).map((a) =>
        a.item_id === 'lightbar' ? { ...a, value: 'fail', note: 'Dead' } : a,
      );
      expect(
        (
          await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
            vehicle_id: vehicle.id,
            template_version_id: form.template.version_id,
            answers,
          })
        ).statusCode,
      ).toBe(201);
      await call(manager, 'PATCH', `/rest/v1/fleet/admin/service-requests/${tire.id}`, { status: 'completed' }, ifMatch(tire.version));
      expect((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json().status).toBe('out_of_service');
    });

    it('keeps a car that the office took out of service by hand out, whatever requests are completed', async () => {
      const vehicle = await addVehicle();
      const request = (
        await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'brakes',
          description: 'Brakes soft',
          drivable: false,
        })
      ).json() as ServiceRequest;
      await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/status`, {
        status: 'out_of_service',
        reason: 'Held for accident investigation',
      });
      await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'completed' },
        ifMatch(request.version),
      );
      // The vehicle was already out of service, so the manual hold made no new status change: it is still the request's.
      const after = (await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json();
      expect(['in_service', 'out_of_service']).toContain(after.status);
    });

    it('accepts photos the agency uploaded, and refuses another agency’s file in a squad check or a service request', async () => {
      const upload = async (session: Session) =>
        (
          await server.request({
            method: 'POST',
            url: '/storage/v1/object?purpose=fleet',
            token: session.access_token,
            headers: { 'content-type': 'image/png' },
            payload: PNG,
          })
        ).json().id as string;
      const ours = await upload(officer);
      const theirs = await upload(
        await signIn(server, await makeUser(server, await makeAgency(server), { permissions: ['fleet:squadcheck.submit'] })),
      );
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      const withPhoto = (id: string) => [...passingAnswers(form.template.sections, 20_000), { item_id: 'damage_photo', value: id }];
      const foreign = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers: withPhoto(theirs),
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual({ 'answers.damage_photo': 'A photo was not saved; add it again' });
      // Something shaped almost like an id is refused beside its item, not with a server error.
      const malformed = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers: withPhoto('-'.repeat(36)),
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().fields).toEqual({ 'answers.damage_photo': 'Attach a photo' });
      const request = await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
        vehicle_id: vehicle.id,
        category: 'other',
        description: 'Scratch on the door',
        drivable: true,
        photo_ids: [ours, theirs],
      });
      expect(request.json().fields).toEqual({ photo_ids: 'A photo was not saved; add it again' });
      const accepted = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers: withPhoto(ours),
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
    });

    it('refuses a colleague’s upload on an officer’s squad check or service request, and on a vehicle’s photo', async () => {
      const upload = async (session: Session) =>
        (
          await server.request({
            method: 'POST',
            url: '/storage/v1/object?purpose=fleet',
            token: session.access_token,
            headers: { 'content-type': 'image/png' },
            payload: PNG,
          })
        ).json().id as string;
      const colleague = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:squadcheck.submit'] }));
      const theirs = await upload(colleague);
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      const check = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers: [...passingAnswers(form.template.sections, 20_000), { item_id: 'damage_photo', value: theirs }],
      });
      expect(check.json().fields).toEqual({ 'answers.damage_photo': 'A photo was not saved; add it again' });
      const request = await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
        vehicle_id: vehicle.id,
        category: 'other',
        description: 'Dent in the rear door',
        drivable: true,
        photo_ids: [theirs],
      });
      expect(request.json().fields).toEqual({ photo_ids: 'A photo was not saved; add it again' });
      const photo = await call(
        manager,
        'PUT',
        `/rest/v1/fleet/admin/vehicles/${vehicle.id}/photo`,
        { photo_id: theirs },
        ifMatch(vehicle.version),
      );
      expect(photo.statusCode).toBe(404);
    });

    it('refuses a squad check filed against another vehicle type’s template, and an implausible odometer', async () => {
      const vehicle = await addVehicle();
      const other = (
        await call(manager, 'POST', '/rest/v1/fleet/admin/templates', {
          name: 'Motorcycle check',
          vehicle_types: ['motorcycle'],
          sections: [{ id: 's', title: 'Only', items: [{ id: 'horn', label: 'Horn', kind: 'pass_fail' }] }],
        })
      ).json();
      const wrong = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: other.version_id,
        answers: [{ item_id: 'horn', value: 'pass' }],
      });
      expect(wrong.json().fields).toEqual({ template_version_id: 'This is not the form for this vehicle; reload it' });
      const form = await formFor(vehicle);
      const huge = passingAnswers(form.template.sections, 3_000_000_000);
      const implausible = await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
        vehicle_id: vehicle.id,
        template_version_id: form.template.version_id,
        answers: huge,
      });
      expect(implausible.statusCode).toBe(400);
      expect(implausible.json().fields['answers.odometer']).toBe('That odometer reading is not plausible; check it');
    });

    it('keeps each submission on the template version it was filled against when the template changes', async () => {
      const vehicle = await addVehicle();
      const form = await formFor(vehicle);
      const submitted = (
        await call(officer, 'POST', '/rest/v1/fleet/squad-checks', {
          vehicle_id: vehicle.id,
          template_version_id: form.template.version_id,
          answers: passingAnswers(form.template.sections, 20_000),
        })
      ).json();
      const template = (await call(manager, 'GET', `/rest/v1/fleet/admin/templates/${form.template.id}`)).json();
      const edited = await call(
        manager,
        'PUT',
        `/rest/v1/fleet/admin/templates/${template.id}`,
        {
          name: template.name,
          description: template.description,
          vehicle_types: [],
          sections: [{ id: 'only', title: 'Only', items: [{ id: 'horn', label: 'Horn', kind: 'pass_fail' }] }],
        },
        ifMatch(template.version),
      );
      expect(edited.json()).toMatchObject({ version_number: template.version_number + 1 });
      const detailResponse = await call(manager, 'GET', `/rest/v1/fleet/admin/squad-checks/${submitted.id}`);
      expect(detailResponse.statusCode, detailResponse.body + JSON.stringify(submitted)).toBe(200);
      const detail = detailResponse.json();
      expect(detail.template_version_number).toBe(template.version_number);
      expect(detail.sections.flatMap((s: { items: Array<{ id: string }> }) => s.items.map((i) => i.id))).toContain('lightbar');
      // Put the police default back for the other tests.
      await call(
        manager,
        'PUT',
        `/rest/v1/fleet/admin/templates/${template.id}`,
        { name: template.name, description: template.description, vehicle_types: [], sections: template.sections },
        ifMatch(edited.json().version),
      );
    });

    it('lists submissions with failures by default, and lets the office approve or return one but never its own', async () => {
      const list = (await call(manager, 'GET', '/rest/v1/fleet/admin/squad-checks')).json();
      expect(list.items.length).toBeGreaterThan(0);
      expect(list.items.every((s: { failed_items: unknown[] }) => s.failed_items.length > 0)).toBe(true);
      const all = (await call(manager, 'GET', '/rest/v1/fleet/admin/squad-checks?failures=all')).json();
      expect(all.total).toBeGreaterThan(list.total);
      const officerId = (await call(officer, 'GET', '/auth/v1/user')).json().id as string;
      const byOfficer = (await call(manager, 'GET', `/rest/v1/fleet/admin/squad-checks?failures=all&officer_id=${officerId}`)).json();
      expect(byOfficer.total).toBeGreaterThan(0);
      expect(byOfficer.items.every((s: { officer_id: string }) => s.officer_id === officerId)).toBe(true);
      const byOther = (
        await call(
          manager,
          'GET',
          `/rest/v1/fleet/admin/squad-checks?failures=all&officer_id=${(await call(otherOfficer, 'GET', '/auth/v1/user')).json().id}`,
        )
      ).json();
      expect(byOther.total).toBe(0);
      const target = list.items[0];
      const returned = await call(
        manager,
        'POST',
        `/rest/v1/fleet/admin/squad-checks/${target.id}/review`,
        { decision: 'return' },
        ifMatch(target.version),
      );
      expect(returned.json().fields).toEqual({ note: 'Say what the officer should correct' });
      const approved = await call(
        manager,
        'POST',
        `/rest/v1/fleet/admin/squad-checks/${target.id}/review`,
        { decision: 'approve' },
        ifMatch(target.version),
      );
      expect(approved.json()).toMatchObject({ status: 'approved' });
    });
  });

  describe('service requests', () => {
    it('takes a car reported as not drivable out of service, and keeps it out while another such request is open', async () => {
      const vehicle = await addVehicle();
      const first = (
        await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'brakes',
          description: 'Brakes grinding badly',
          drivable: false,
        })
      ).json() as ServiceRequest;
      const second = (
        await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'tires',
          description: 'Flat rear tire',
          drivable: false,
        })
      ).json() as ServiceRequest;
      expect(second.number).toBe(first.number + 1);
      expect((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json().status).toBe('out_of_service');
      await call(manager, 'PATCH', `/rest/v1/fleet/admin/service-requests/${first.id}`, { status: 'completed' }, ifMatch(first.version));
      expect((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json().status).toBe('out_of_service');
      await call(manager, 'PATCH', `/rest/v1/fleet/admin/service-requests/${second.id}`, { status: 'completed' }, ifMatch(second.version));
      expect((await call(manager, 'GET', `/rest/v1/fleet/admin/vehicles/${vehicle.id}`)).json().status).toBe('in_service');
    });

    it('refuses an impossible move, a decline without a reason and a stale version', async () => {
      const vehicle = await addVehicle();
      const request = (
        await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'other',
          description: 'Glovebox latch broken',
          drivable: true,
        })
      ).json() as ServiceRequest;
      const decline = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'declined' },
        ifMatch(request.version),
      );
      expect(decline.json().fields).toEqual({ note: 'Say why the request is declined' });
      const done = (
        await call(
          manager,
          'PATCH',
          `/rest/v1/fleet/admin/service-requests/${request.id}`,
          { status: 'completed' },
          ifMatch(request.version),
        )
      ).json();
      const impossible = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'in_progress' },
        ifMatch(done.version),
      );
      expect(impossible.json().fields).toEqual({ status: 'A completed request cannot become in progress' });
      const stale = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'open', note: 'Still broken' },
        ifMatch(request.version),
      );
      expect(stale.statusCode).toBe(412);
      const reopened = await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'open', note: 'Still broken' },
        ifMatch(done.version),
      );
      expect(reopened.json()).toMatchObject({ status: 'open', completed_at: null });
    });

    it('shows a request to its reporter and the fleet office only', async () => {
      const vehicle = await addVehicle();
      const request = (
        await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'other',
          description: 'Seat belt frayed',
          drivable: true,
        })
      ).json() as ServiceRequest;
      expect((await call(officer, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).statusCode).toBe(200);
      expect((await call(manager, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).statusCode).toBe(200);
      expect((await call(otherOfficer, 'GET', `/rest/v1/fleet/service-requests/${request.id}`)).statusCode).toBe(404);
      const mine = (await call(otherOfficer, 'GET', '/rest/v1/fleet/service-requests/mine')).json();
      expect(mine.items.map((r: ServiceRequest) => r.id)).not.toContain(request.id);
    });

    it('creates once per Idempotency-Key, replays the first answer, and refuses the key with another body', async () => {
      const vehicle = await addVehicle();
      const body = { vehicle_id: vehicle.id, category: 'other', description: 'Dash camera loose', drivable: true };
      const headers = { 'idempotency-key': `key-${kind}-1` };
      const first = await call(officer, 'POST', '/rest/v1/fleet/service-requests', body, headers);
      const retry = await call(officer, 'POST', '/rest/v1/fleet/service-requests', body, headers);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      const mine = (await call(officer, 'GET', `/rest/v1/fleet/service-requests/mine?vehicle_id=${vehicle.id}`)).json();
      expect(mine.total).toBe(1);
      const other = await call(
        officer,
        'POST',
        '/rest/v1/fleet/service-requests',
        { ...body, description: 'Something else entirely' },
        headers,
      );
      expect(other.statusCode).toBe(422);
    });
  });

  describe('preventive maintenance', () => {
    it('lists an oil change as due soon by miles and overdue by days, and completing an oil-change request resets it', async () => {
      const vehicle = await addVehicle({ odometer: 30_000 });
      const byMiles = await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/maintenance`, {
        category: 'oil_change',
        every_miles: 5000,
        last_done_odometer: 25_300,
      });
      expect(byMiles.statusCode).toBe(201);
      expect(byMiles.json()).toMatchObject({ next_due_odometer: 30_300, miles_left: 300, state: 'due_soon' });
      const byDays = await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/maintenance`, {
        category: 'inspection',
        every_days: 180,
        last_done_at: new Date(Date.now() - 200 * 86_400_000).toISOString(),
      });
      expect(byDays.json()).toMatchObject({ state: 'overdue', days_left: expect.any(Number) });
      expect(byDays.json().days_left).toBeLessThan(0);
      const twice = await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/maintenance`, {
        category: 'oil_change',
        every_days: 90,
      });
      expect(twice.json().fields.category).toMatch(/already has an interval/);
      const neither = await call(manager, 'POST', `/rest/v1/fleet/admin/vehicles/${vehicle.id}/maintenance`, { category: 'brakes' });
      expect(neither.json().fields).toEqual({ every_miles: 'Give an interval in miles, days or both' });

      const due = (await call(manager, 'GET', '/rest/v1/fleet/admin/maintenance?state=due')).json();
      expect(due.filter((m: { vehicle_id: string }) => m.vehicle_id === vehicle.id).map((m: { category: string }) => m.category)).toEqual([
        'inspection',
        'oil_change',
      ]);
      const dashboard = (await call(manager, 'GET', '/rest/v1/fleet/admin/dashboard')).json();
      expect(dashboard.maintenance_due.map((m: { id: string }) => m.id)).toContain(byMiles.json().id);

      const request = (
        await call(officer, 'POST', '/rest/v1/fleet/service-requests', {
          vehicle_id: vehicle.id,
          category: 'oil_change',
          description: 'Oil change due',
          drivable: true,
        })
      ).json() as ServiceRequest;
      await call(
        manager,
        'PATCH',
        `/rest/v1/fleet/admin/service-requests/${request.id}`,
        { status: 'completed' },
        ifMatch(request.version),
      );
      const after = (await call(manager, 'GET', `/rest/v1/fleet/admin/maintenance?state=all&vehicle_id=${vehicle.id}`)).json();
      expect(after.find((m: { category: string }) => m.category === 'oil_change')).toMatchObject({
        last_done_odometer: 30_000,
        next_due_odometer: 35_000,
        state: 'ok',
      });
      expect(after.find((m: { category: string }) => m.category === 'inspection').state).toBe('overdue');
    });
  });

  describe('access', () => {
    it('keeps officers out of the fleet office’s routes', async () => {
      expect((await call(officer, 'GET', '/rest/v1/fleet/admin/dashboard')).statusCode).toBe(403);
      expect((await call(officer, 'POST', '/rest/v1/fleet/admin/vehicles', { unit_number: 'X' })).statusCode).toBe(403);
    });

    it('answers 403 to everyone when the agency turns the fleet module off', async () => {
      const other = await makeAgency(server);
      const session = await signIn(server, await makeUser(server, other, { permissions: ['fleet:admin'] }));
      await server.database.withTenant(other.id, async (tx) => {
        const [row] = await tx.select().from(agencies).where(eq(agencies.id, other.id));
        await tx
          .update(agencies)
          .set({ sysConfig: { ...row!.sysConfig, fleet_settings: { ...row!.sysConfig.fleet_settings, enabled: false } } })
          .where(eq(agencies.id, other.id));
      });
      const response = await call(session, 'GET', '/rest/v1/fleet/home');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('The Fleet module is turned off for your agency');
    });
  });

  describe('overview screens', () => {
    it('shows the office what is out of service, not checked today and waiting longest, and the officer their own cars and requests', async () => {
      const assigned = await addVehicle({ assigned_user_id: (await call(officer, 'GET', '/auth/v1/user')).json().id });
      const dashboard = (await call(manager, 'GET', '/rest/v1/fleet/admin/dashboard')).json();
      expect(dashboard.not_checked_today.map((v: Vehicle) => v.id)).toContain(assigned.id);
      expect(dashboard.counts.vehicles).toBeGreaterThan(5);
      expect(dashboard.open_requests_by_age.under_1_day).toBeGreaterThan(0);
      const home = (await call(officer, 'GET', '/rest/v1/fleet/home')).json();
      expect(home.vehicles[0].id).toBe(assigned.id);
      expect(home.checked_today.length).toBeGreaterThan(0);
      expect(home.open_requests.length).toBeGreaterThan(0);
    });
  });
});
