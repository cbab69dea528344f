import crypto from 'node:crypto';
import { roles, rolePermissions, userRoles } from '../db/schema.ts';
import { createAgency, withNewAgency } from '../platform/agencies.ts';
import { SERVER_MODULES } from '../modules.ts';
import { hashPassword } from '../auth/passwords.ts';
import { claimEmail, insertUser } from '../platform/users.ts';
import type { Session } from '../../core/contracts/auth.ts';
import type { Permission } from '../../core/permissions.ts';
import type { TestServer } from './test-server.ts';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | null = null;

export interface TestAgency {
  id: string;
  name: string;
  roleIds: Map<string, string>;
}

/** A fresh agency of its own for each test (never the demo data). */
export async function makeAgency(server: TestServer, name = `Test Agency ${crypto.randomBytes(3).toString('hex')}`): Promise<TestAgency> {
  return withNewAgency(server.database, async (tx, agencyId) => {
    const { roleIds } = await createAgency(tx, { agencyId, name, timezone: 'America/Chicago' }, SERVER_MODULES);
    return { id: agencyId, name, roleIds };
  });
}

export interface TestUser {
  id: string;
  agencyId: string;
  email: string;
  password: string;
}

/** A confirmed, active user holding exactly `permissions` (through a role made for them). */
export async function makeUser(
  server: TestServer,
  agency: TestAgency,
  options: { permissions?: Permission[]; accountType?: 'limited' | 'full'; email?: string; name?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const id = crypto.randomUUID();
  const email = options.email ?? `user-${crypto.randomBytes(5).toString('hex')}@precinct.test`;
  await server.database.withTenant(agency.id, async (tx) => {
    if (!(await claimEmail(tx, email, id))) throw new Error(`${email} is taken`);
    await insertUser(tx, {
      agencyId: agency.id,
      id,
      email,
      passwordHash: hash,
      emailConfirmedAt: new Date(),
      name: options.name ?? 'Test User',
      accountType: options.accountType ?? 'full',
      status: 'active',
    });
    const permissions = options.permissions ?? [];
    if (permissions.length > 0) {
      const [role] = await tx
        .insert(roles)
        .values({ agencyId: agency.id, name: `Test role ${crypto.randomBytes(4).toString('hex')}` })
        .returning({ id: roles.id });
      await tx.insert(rolePermissions).values(permissions.map((permission) => ({ agencyId: agency.id, roleId: role!.id, permission })));
      await tx.insert(userRoles).values({ agencyId: agency.id, userId: id, roleId: role!.id });
    }
  });
  return { id, agencyId: agency.id, email, password: TEST_PASSWORD };
}

export async function signIn(server: TestServer, user: { email: string; password: string }): Promise<Session> {
  const response = await server.request({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in of ${user.email} failed: ${response.statusCode} ${response.body}`);
  return response.json() as Session;
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
