import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agencies } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { makeAgency } from '../test-support/factories.ts';
import { updateAtVersion } from './versioned-update.ts';

describe('an update at a version', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  const read = async (agencyId: string) =>
    (await server.database.withTenant(agencyId, (tx) => tx.select().from(agencies).where(eq(agencies.id, agencyId))))[0]!;

  it('changes the row it names at its version, bumping the version and the time it was updated, and none at a stale version', async () => {
    const agency = await makeAgency(server);
    const before = await read(agency.id);
    const update = (version: number, name: string) =>
      server.database.withTenant(agency.id, (tx) => updateAtVersion(tx, agencies, eq(agencies.id, agency.id), version, { name }));
    const updated = await update(before.version, 'Renamed PD');
    expect(updated).toMatchObject({ name: 'Renamed PD', version: before.version + 1 });
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await update(before.version, 'Stale PD')).toBeNull();
    expect(await update(before.version + 1, 'Renamed again PD')).toMatchObject({ version: before.version + 2 });
  });

  it('refuses an update that does not say which rows it changes, and changes none', async () => {
    const agency = await makeAgency(server);
    const before = await read(agency.id);
    await expect(
      server.database.withTenant(agency.id, (tx) =>
        // @ts-expect-error `where` is required: without it every row of the table would change.
        updateAtVersion(tx, agencies, undefined, null, { name: 'Everyone PD' }),
      ),
    ).rejects.toThrow('An update must say which rows it changes');
    expect(await read(agency.id)).toMatchObject({ name: before.name, version: before.version });
  });
});
