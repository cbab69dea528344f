import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultSysConfig, type SecurityPolicy } from '../../core/contracts/agency.ts';
import { BUILT_IN_ROLES } from '../../core/permissions.ts';
import { agencies, rolePermissions, roles } from '../db/schema.ts';
import type { Database, Tx } from './database.ts';
import type { ServerModule } from './modules.ts';
import type { Services } from './services.ts';
import { sniffImage } from './storage.ts';

export type AgencyRow = typeof agencies.$inferSelect;

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return base || 'agency';
}

/**
 * Creates an agency with its default configuration (every module on), the built-in role templates
 * and what each module gives a new agency (its manifest's onAgencyCreated), in the caller's
 * transaction, which must be scoped to `agencyId`. Returns the agency and the new roles' ids by
 * template key.
 */
export async function createAgency(
  tx: Tx,
  input: { agencyId: string; name: string; ori?: string | undefined; timezone: string; securityPolicy?: SecurityPolicy },
  modules: readonly ServerModule[],
): Promise<{ agency: AgencyRow; roleIds: Map<string, string> }> {
  // The slug is unique across agencies; a random suffix keeps two "City Police Department"s apart
  // without a cross-tenant lookup.
  const slug = `${slugify(input.name)}-${crypto.randomBytes(3).toString('hex')}`;
  const [agency] = await tx
    .insert(agencies)
    .values({
      id: input.agencyId,
      name: input.name,
      slug,
      ori: input.ori ?? null,
      timezone: input.timezone,
      sysConfig: defaultSysConfig(input.timezone),
      securityPolicy: input.securityPolicy ?? {},
    })
    .returning();
  const roleIds = new Map<string, string>();
  for (const template of BUILT_IN_ROLES) {
    const [role] = await tx
      .insert(roles)
      .values({ agencyId: input.agencyId, templateKey: template.key, name: template.name, description: template.description })
      .returning({ id: roles.id });
    roleIds.set(template.key, role!.id);
    if (template.permissions.length > 0)
      await tx
        .insert(rolePermissions)
        .values(template.permissions.map((permission) => ({ agencyId: input.agencyId, roleId: role!.id, permission })));
  }
  for (const module of modules) await module.onAgencyCreated?.(tx, input.agencyId);
  return { agency: agency!, roleIds };
}

/** Opens a transaction for an agency that does not exist yet and creates it there. */
export function withNewAgency<T>(database: Database, work: (tx: Tx, agencyId: string) => Promise<T>): Promise<T> {
  const agencyId = crypto.randomUUID();
  return database.withTenant(agencyId, (tx) => work(tx, agencyId));
}

/** The public logo of an agency (agency insignia are public): content type and bytes, or null. */
export async function readAgencyLogo(services: Pick<Services, 'database' | 'storage'>, agencyId: string) {
  const row = await services.database.withTenant(agencyId, (tx) =>
    tx
      .select({ logoKey: agencies.logoKey })
      .from(agencies)
      .where(eq(agencies.id, agencyId))
      .then(([found]) => found)
      .catch(() => null),
  );
  if (!row?.logoKey) return null;
  const data = await services.storage.get(row.logoKey);
  const type = data ? sniffImage(data) : null;
  return data && type ? { data, type } : null;
}

/** The agency's name, as printed on what it hands out (a citation's copies). */
export async function agencyName(tx: Tx, agencyId: string): Promise<string> {
  const [row] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
  return row?.name ?? '';
}
