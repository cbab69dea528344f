import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency, makeUser, signIn } from '../test-support/factories.ts';
import { queryRows } from './database.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { Vehicle } from '../../core/contracts/fleet.ts';

// Two requests with one key can only overlap on PostgreSQL (PGlite runs one transaction at a time).
describe('an Idempotency-Key retried while its first request is still running, on postgres', () => {
  let server: TestServer;
  let officer: Session;
  let vehicle: Vehicle;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    const agency = await makeAgency(server);
    const manager = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:admin'] }));
    officer = await signIn(server, await makeUser(server, agency, { permissions: ['fleet:servicerequest.submit'] }));
    const created = await server.request({
      method: 'POST',
      url: '/rest/v1/fleet/admin/vehicles',
      token: manager.access_token,
      payload: { unit_number: 'I-1', vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2024, odometer: 100 },
    });
    vehicle = created.json() as Vehicle;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gets 409 idempotency_in_progress at once instead of waiting, and a retry after the first finished replays its answer', async () => {
    const create = () =>
      server.request({
        method: 'POST',
        url: '/rest/v1/fleet/service-requests',
        token: officer.access_token,
        headers: { 'idempotency-key': 'overlap-1' },
        payload: { vehicle_id: vehicle.id, category: 'other', description: 'Radio cuts out', drivable: true },
      });
    // Holding the vehicle's row lock keeps the first request inside its transaction (it locks the vehicle after claiming the key).
    const { first, retry } = await server.database.owner.transaction(async (tx) => {
      await tx.execute(sql`select 1 from vehicles where id = ${vehicle.id} for update`);
      const first = create();
      for (let waited = 0; waited < 10_000; waited += 20) {
        const [waiting] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { first, retry: await create() };
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      code: 'idempotency_in_progress',
      message: 'The first request with this Idempotency-Key is still running',
    });
    const firstAnswer = await first;
    expect(firstAnswer.statusCode).toBe(201);
    const later = await create();
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(firstAnswer.json());
  });
});
