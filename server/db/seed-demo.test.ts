import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { signIn } from '../test-support/factories.ts';
import { DEMO_AGENCIES, DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

describe('the demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seeds the README’s demo logins once, with a believable fleet, reports, citations, schedule and their notifications, and does nothing the second time', async () => {
    expect(await seedDemo(server.database, server.services.storage)).toBe(true);
    expect(await seedDemo(server.database, server.services.storage)).toBe(false);
    for (const agency of DEMO_AGENCIES)
      for (const person of agency.users) await signIn(server, { email: person.email, password: DEMO_PASSWORD });

    const fleet = await signIn(server, { email: 'fleet@riverside.example', password: DEMO_PASSWORD });
    const dashboard = (await server.request({ method: 'GET', url: '/rest/v1/fleet/admin/dashboard', token: fleet.access_token })).json();
    expect(dashboard.counts.vehicles).toBe(12);
    expect(dashboard.oldest_open_requests.length).toBeGreaterThan(0);
    // The "maintenance due" card has an overdue oil change, one coming up and a lapsed inspection.
    const due = dashboard.maintenance_due as Array<{ category: string; state: string }>;
    expect(due).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: 'oil_change', state: 'overdue' }),
        expect.objectContaining({ category: 'oil_change', state: 'due_soon' }),
        expect.objectContaining({ category: 'inspection', state: 'overdue' }),
        expect.objectContaining({ category: 'inspection', state: 'due_soon' }),
      ]),
    );
    // Completed requests carry work orders (parts, labour, sales tax, an invoice), so vehicles show what they cost.
    const asFleet = (url: string) => server.request({ method: 'GET', url, token: fleet.access_token });
    const fleetVehicles = (await asFleet('/rest/v1/fleet/vehicles?page_size=50')).json() as { items: Array<{ id: string }> };
    const costs = await Promise.all(
      fleetVehicles.items.map(async (v) => (await asFleet(`/rest/v1/fleet/admin/vehicles/${v.id}/costs`)).json()),
    );
    const costly = costs.filter((c: { cost_to_date_cents: number }) => c.cost_to_date_cents > 0);
    expect(costly.length).toBeGreaterThanOrEqual(2);
    const orders = costly.flatMap((c: { work_orders: Array<{ id: string }> }) => c.work_orders);
    expect(orders.length).toBe(3);
    const workOrders = await Promise.all(orders.map(async (o) => (await asFleet(`/rest/v1/fleet/admin/work-orders/${o.id}`)).json()));
    expect(
      workOrders.every(
        (o: { tax_cents: number; lines: Array<{ kind: string }> }) => o.tax_cents > 0 && o.lines.some((l) => l.kind === 'labour'),
      ),
    ).toBe(true);
    const invoice = workOrders.flatMap((o: { attachments: Array<{ id: string; name: string }> }) => o.attachments)[0]!;
    expect(invoice.name).toMatch(/\.pdf$/);
    expect((await asFleet(`/storage/v1/object/${invoice.id}`)).statusCode).toBe(200);
    const failures = (await server.request({ method: 'GET', url: '/rest/v1/fleet/admin/squad-checks', token: fleet.access_token })).json();
    expect(failures.items[0].failed_items[0].label).toBe('Light bar and emergency lights');
    // The bell has news: the latest request is unread, older ones were read.
    const inbox = (await server.request({ method: 'GET', url: '/rest/v1/notifications', token: fleet.access_token })).json();
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
    expect(inbox.items).toContainEqual(
      expect.objectContaining({ kind: 'fleet.service_request.created', read: false, link: '/fleet/admin/servicerequest' }),
    );
    expect(inbox.items.some((item: { read: boolean }) => item.read)).toBe(true);
    expect(inbox.items.length).toBeGreaterThan(1);

    // Field training: the trainee's binder has tasksheets partly signed, a policy to acknowledge, and reference PDFs that open.
    const trainee = await signIn(server, { email: 'trainee@riverside.example', password: DEMO_PASSWORD });
    const get = (url: string) => server.request({ method: 'GET', url, token: trainee.access_token });
    const home = (await get('/rest/v1/fto/home')).json();
    expect(home.policies_to_acknowledge).toBe(1);
    const binderId = home.my_binder.id as string;
    const sheets = (await get(`/rest/v1/fto/binders/${binderId}/tasksheets`)).json() as Array<{ signed: number; tasks: number }>;
    expect(sheets[0]!.signed).toBe(sheets[0]!.tasks);
    expect(sheets[1]!.signed).toBeGreaterThan(0);
    expect(sheets[1]!.signed).toBeLessThan(sheets[1]!.tasks);
    const reference = (await get(`/rest/v1/fto/binders/${binderId}/reference`)).json() as Array<{ title: string; url: string }>;
    expect(reference.map((d) => d.title)).toContain('Radio procedures and 10-codes');
    const pdf = await get(reference[0]!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // Reports: the sergeant has reports to review, one drafted from a transcript whose sentences cite it.
    const sergeant = await signIn(server, { email: 'sergeant@riverside.example', password: DEMO_PASSWORD });
    const asSergeant = (url: string) => server.request({ method: 'GET', url, token: sergeant.access_token });
    const reportsHome = (await asSergeant('/rest/v1/reports/home')).json() as { to_review_total: number; to_review: Array<{ id: string }> };
    expect(reportsHome.to_review_total).toBeGreaterThanOrEqual(5);
    const queue = (await asSergeant('/rest/v1/reports/reports?queue=review&q=Okafor')).json() as { items: Array<{ id: string }> };
    const waiting = await Promise.all(queue.items.map(async (r) => (await asSergeant(`/rest/v1/reports/reports/${r.id}`)).json()));
    const drafted = waiting.find((report: { ai_draft_id: string | null }) => report.ai_draft_id);
    expect(drafted.content.narrative).toContain('<span data-cite="P2">The caller, Linda Okafor, said');
    expect(drafted.content.narrative).not.toContain('[INSERT');
    const draft = (await asSergeant(`/rest/v1/reports/ai/drafts/${drafted.ai_draft_id}`)).json();
    expect(draft.disclosure).toMatch(/^AI assisted: .*Sam Patel reviewed and edited it and signed/);
    // Reports carry the officers' photos and paperwork under the names they had on the device.
    const reviewQueue = (await asSergeant('/rest/v1/reports/reports?queue=review')).json() as { items: Array<{ id: string }> };
    const toReview = await Promise.all(reviewQueue.items.map(async (r) => (await asSergeant(`/rest/v1/reports/reports/${r.id}`)).json()));
    const withFiles = toReview.find((report: { content: { attachment_ids: string[] } }) => report.content.attachment_ids.length > 0);
    const files = (await asSergeant(`/rest/v1/reports/reports/${withFiles.id}/attachments`)).json() as Array<{ id: string; name: string }>;
    expect(files.map((f) => f.name).join(' ')).toMatch(/IMG_\d{4}\.png|\.pdf/);
    expect((await asSergeant(`/storage/v1/object/${files[0]!.id}`)).statusCode).toBe(200);

    // Citations: about fifty by Sam and Dana in every state, numbered in date order from the agency's sequence,
    // one void Sam asked for waiting for Dana, a statute library with an expired statute, and two courts.
    const citationsHome = (await asSergeant('/rest/v1/citations/home')).json() as { void_requests_total: number; to_file: number };
    expect(citationsHome.void_requests_total).toBe(1);
    expect(citationsHome.to_file).toBeGreaterThan(0);
    const everyone = (await asSergeant('/rest/v1/citations/citations?queue=all&page_size=200')).json() as {
      total: number;
      items: Array<{ id: string; number: string | null; status: string; kind: string; officer_name: string; amended: number }>;
    };
    expect(everyone.total).toBeGreaterThanOrEqual(45);
    expect(everyone.total).toBeLessThanOrEqual(60);
    expect(new Set(everyone.items.map((c) => c.status))).toEqual(new Set(['draft', 'validated', 'issued', 'filed', 'void']));
    expect(new Set(everyone.items.map((c) => c.kind))).toEqual(new Set(['traffic', 'parking', 'ordinance', 'warning']));
    expect(new Set(everyone.items.map((c) => c.officer_name))).toEqual(new Set(['Sam Patel', 'Dana Ruiz']));
    const sequence = everyone.items.flatMap((c) => (c.number ? [Number(c.number.slice(-6))] : [])).sort((x, y) => x - y);
    expect(sequence).toEqual(sequence.map((_, i) => sequence[0]! + i));
    const setup = (await asSergeant('/rest/v1/citations/setup')).json() as { next_number: number; courts: unknown[]; holidays: unknown[] };
    expect(setup.next_number).toBe(sequence.at(-1)! + 1);
    expect(setup.courts).toHaveLength(2);
    expect(setup.holidays.length).toBeGreaterThan(20);
    const amended = everyone.items.find((c) => c.amended > 0)!;
    const history = (await asSergeant(`/rest/v1/citations/citations/${amended.id}`)).json() as { revisions: Array<{ event: string }> };
    expect(history.revisions.map((r) => r.event)).toContain('amended');
    const library = (await asSergeant('/rest/v1/citations/statutes')).json() as Array<{ code: string; effective_to: string | null }>;
    expect(library.length).toBeGreaterThanOrEqual(40);
    const today = new Date().toISOString().slice(0, 10);
    const inForce = (await asSergeant(`/rest/v1/citations/statutes?on=${today}`)).json() as Array<{ code: string }>;
    expect(inForce.length).toBe(library.length - 1);
    const officer = await signIn(server, { email: 'officer@riverside.example', password: DEMO_PASSWORD });
    const mine = (
      await server.request({ method: 'GET', url: '/rest/v1/citations/citations?page_size=5', token: officer.access_token })
    ).json() as { items: Array<{ status: string }> };
    expect(['draft', 'validated']).toContain(mine.items[0]!.status);
    // The stop Sam checked is still ready to issue: the demo's content passes the rules.
    const ready = everyone.items.find((c) => c.status === 'validated') as unknown as { stop_id: string };
    const asOfficer = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
      server.request({ method, url, token: officer.access_token, headers, ...(payload ? { payload } : {}) });
    const stop = (await asOfficer('GET', `/rest/v1/citations/stops/${ready.stop_id}`)).json();
    const { id: _id, officer_id: _o, officer_name: _n, ready: _r, issued: _i, can_edit: _c, version, updated_at: _u, ...content } = stop;
    const checked = await asOfficer('POST', `/rest/v1/citations/stops/${ready.stop_id}/validate`, content, { 'if-match': `"${version}"` });
    expect(checked.statusCode, checked.body).toBe(200);

    // Scheduling: the officer works this fortnight, the scheduler sees the roster short somewhere and time off to decide, in every state.
    const scheduler = await signIn(server, { email: 'scheduler@riverside.example', password: DEMO_PASSWORD });
    const asScheduler = (url: string) => server.request({ method: 'GET', url, token: scheduler.access_token });
    const scheduleHome = (await asOfficer('GET', '/rest/v1/schedule/home')).json() as {
      next_shifts: unknown[];
      my_pending_time_off: number;
    };
    expect(scheduleHome.next_shifts.length).toBeGreaterThan(0);
    expect(scheduleHome.my_pending_time_off).toBe(1);
    const fortnight = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const roster = (await asScheduler(`/rest/v1/schedule/roster?from=${fortnight(0)}&to=${fortnight(13)}`)).json() as {
      shifts: Array<{ status: string }>;
      coverage: Array<{ state: string }>;
      day_notes: unknown[];
      time_off: unknown[];
    };
    expect(roster.shifts.length).toBeGreaterThan(100);
    expect(new Set(roster.shifts.map((s) => s.status))).toEqual(new Set(['scheduled', 'sick', 'time_off']));
    expect(roster.coverage.some((c) => c.state === 'short')).toBe(true);
    expect(roster.day_notes.length).toBeGreaterThan(0);
    expect(roster.time_off.length).toBeGreaterThan(0);
    // Overtime: officer@ may sign up for an open shift, has signed up for another and has an offer waiting a few hours;
    // the closed ones name who was passed over and why; the quarter's totals are uneven.
    const overtimeHome = (await asOfficer('GET', '/rest/v1/schedule/home')).json() as { overtime_for_me: { open: number; offers: number } };
    expect(overtimeHome.overtime_for_me.open).toBeGreaterThan(0);
    expect(overtimeHome.overtime_for_me.offers).toBe(1);
    const openOvertime = (await asOfficer('GET', '/rest/v1/schedule/overtime/shifts?view=open')).json() as Array<{
      from_gap: boolean;
      can_sign_up: boolean;
      mine: { status: string; expires_at: string | null } | null;
    }>;
    expect(openOvertime.some((ot) => ot.can_sign_up)).toBe(true);
    expect(openOvertime.some((ot) => ot.from_gap)).toBe(true);
    expect(openOvertime.some((ot) => ot.mine?.status === 'signed_up')).toBe(true);
    const offer = openOvertime.find((ot) => ot.mine?.status === 'offered')!;
    expect(Date.parse(offer.mine!.expires_at!) - Date.now()).toBeGreaterThan(60 * 60_000);
    const closedOvertime = (await asScheduler('/rest/v1/schedule/overtime/shifts?view=closed')).json() as Array<{
      id: string;
      status: string;
    }>;
    expect(new Set(closedOvertime.map((ot) => ot.status))).toEqual(new Set(['awarded', 'unfilled', 'cancelled']));
    const awardedOrders = await Promise.all(
      closedOvertime
        .filter((ot) => ot.status === 'awarded')
        .map(
          async (ot) =>
            ((await asScheduler(`/rest/v1/schedule/overtime/shifts/${ot.id}`)).json() as { order: Array<{ skip_reason: string | null }> })
              .order,
        ),
    );
    expect(awardedOrders.flat().some((candidate) => candidate.skip_reason !== null)).toBe(true);
    const totals = (await asScheduler('/rest/v1/schedule/overtime/totals')).json() as { people: Array<{ hours: number }> };
    const hours = totals.people.map((p) => p.hours);
    expect(Math.max(...hours)).toBeGreaterThanOrEqual(3 * Math.max(12, Math.min(...hours)));
    const requests = (await asScheduler('/rest/v1/schedule/time-off/requests?scope=all')).json() as { items: Array<{ status: string }> };
    expect(new Set(requests.items.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'denied', 'cancelled']));
    const balances = (await asOfficer('GET', '/rest/v1/schedule/time-off/balances')).json() as Array<{ balance_hours: number }>;
    expect(balances.some((b) => b.balance_hours > 0)).toBe(true);
    // Trades in every state: officer@ is asked to accept a swap, sergeant@ has an accepted one to decide.
    const tradesWaiting = async (session: { access_token: string }) =>
      (
        (await server.request({ method: 'GET', url: '/rest/v1/schedule/home', token: session.access_token })).json() as {
          trades_waiting: { to_answer: number; to_decide: number };
        }
      ).trades_waiting;
    expect((await tradesWaiting(officer)).to_answer).toBe(1);
    expect((await tradesWaiting(sergeant)).to_decide).toBe(1);
    const trades = (await asScheduler('/rest/v1/schedule/trades?box=all')).json() as {
      items: Array<{ status: string; reasons: unknown[] }>;
    };
    expect(new Set(trades.items.map((t) => t.status))).toEqual(
      new Set(['proposed', 'accepted', 'approved', 'declined', 'denied', 'cancelled']),
    );
    expect(trades.items.filter((t) => t.status === 'proposed' || t.status === 'accepted').map((t) => t.reasons)).toEqual([[], []]);

    const limited = await signIn(server, { email: 'limited@riverside.example', password: DEMO_PASSWORD });
    const profile = (await server.request({ method: 'GET', url: '/rest/v1/profile', token: limited.access_token })).json();
    expect(profile.user.account_type).toBe('limited');
    expect(profile.agency_info.security.mfa_required).toBe('none');
  });
});
