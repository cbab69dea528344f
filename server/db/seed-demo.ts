import crypto from 'node:crypto';
import { storageObjects, userRoles } from './schema.ts';
import { createAgency, withNewAgency } from '../platform/agencies.ts';
import { hashPassword } from '../auth/passwords.ts';
import { agencyIdForEmail } from '../auth/queries.ts';
import { claimEmail, insertUser } from '../platform/users.ts';
import type { Database } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';
import type { LocalStorage } from '../platform/storage.ts';
import { SERVER_MODULES } from '../modules.ts';

/** The password of every demo user; the README lists the logins. */
export const DEMO_PASSWORD = 'precinct-demo-2026';

interface DemoUser {
  email: string;
  name: string;
  badge: string;
  rank: string;
  role: string;
  accountType?: 'limited' | 'full';
}

export const DEMO_AGENCIES: Array<{ name: string; ori: string; timezone: string; users: DemoUser[] }> = [
  {
    name: 'Riverside Police Department',
    ori: 'IL0160100',
    timezone: 'America/Chicago',
    users: [
      { email: 'admin@riverside.example', name: 'Alex Morgan', badge: '1001', rank: 'Chief', role: 'administrator' },
      { email: 'sergeant@riverside.example', name: 'Dana Ruiz', badge: '2104', rank: 'Sergeant', role: 'sergeant' },
      { email: 'officer@riverside.example', name: 'Sam Patel', badge: '3187', rank: 'Officer', role: 'officer' },
      {
        email: 'limited@riverside.example',
        name: 'Jordan Lee',
        badge: '3220',
        rank: 'Reserve Officer',
        role: 'officer',
        accountType: 'limited',
      },
      { email: 'fto@riverside.example', name: 'Chris Okafor', badge: '2711', rank: 'Corporal', role: 'field-training-officer' },
      { email: 'trainee@riverside.example', name: 'Riley Chen', badge: '3301', rank: 'Probationary Officer', role: 'trainee' },
      { email: 'ftocoordinator@riverside.example', name: 'Morgan Blake', badge: '2050', rank: 'Lieutenant', role: 'fto-coordinator' },
      { email: 'fleet@riverside.example', name: 'Pat Novak', badge: '4010', rank: 'Fleet Manager', role: 'fleet-manager' },
      { email: 'scheduler@riverside.example', name: 'Taylor Brooks', badge: '4022', rank: 'Sergeant', role: 'scheduler' },
      { email: 'records@riverside.example', name: 'Casey Nguyen', badge: '5003', rank: 'Records Clerk', role: 'records-clerk' },
    ],
  },
  {
    name: "Lakeview County Sheriff's Office",
    ori: 'WI0590000',
    timezone: 'America/Chicago',
    users: [
      { email: 'admin@lakeview.example', name: 'Jamie Fischer', badge: 'S-100', rank: 'Sheriff', role: 'administrator' },
      { email: 'deputy@lakeview.example', name: 'Avery Schultz', badge: 'S-240', rank: 'Deputy', role: 'officer' },
    ],
  },
];

/** Seeds the demo agencies once: if the first demo address already has an account, nothing happens. */
export async function seedDemo(database: Database, storage?: Pick<LocalStorage, 'newKey' | 'put'>): Promise<boolean> {
  const marker = DEMO_AGENCIES[0]!.users[0]!.email;
  if (await database.withoutTenant((tx) => agencyIdForEmail(tx, marker))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_AGENCIES) {
    await withNewAgency(database, async (tx, agencyId) => {
      const { roleIds } = await createAgency(tx, { agencyId, name: demo.name, ori: demo.ori, timezone: demo.timezone }, SERVER_MODULES);
      for (const person of demo.users) {
        const id = crypto.randomUUID();
        if (!(await claimEmail(tx, person.email, id))) throw new Error(`Demo address ${person.email} is taken`);
        await insertUser(tx, {
          agencyId,
          id,
          email: person.email,
          passwordHash,
          emailConfirmedAt: new Date(),
          name: person.name,
          badgeNumber: person.badge,
          rank: person.rank,
          accountType: person.accountType ?? 'full',
          status: 'active',
        });
        await tx.insert(userRoles).values({ agencyId, userId: id, roleId: roleIds.get(person.role)! });
      }
      const storeFile: DemoAgency['storeFile'] = storage
        ? async ({ data, contentType, purpose, createdBy, name }) => {
            const key = storage.newKey(agencyId, purpose, contentType === 'application/pdf' ? 'pdf' : 'png');
            await storage.put(key, data);
            const [row] = await tx
              .insert(storageObjects)
              .values({ agencyId, key, contentType, size: data.length, purpose, createdBy, name: name ?? null })
              .returning({ id: storageObjects.id });
            return row!.id;
          }
        : undefined;
      const size = demo.users.length > 5 ? 'large' : 'small';
      for (const module of SERVER_MODULES) await module.seedDemo?.(tx, { agencyId, size, ...(storeFile ? { storeFile } : {}) });
    });
  }
  return true;
}
