import { eq } from 'drizzle-orm';
import type { SysConfig } from '../../core/contracts/agency.ts';
import { agencies } from '../db/schema.ts';
import type { Tx } from './database.ts';
import { updateAtVersion } from './versioned-update.ts';

/**
 * The agency's sys_config, where each module keeps its settings: read locked until the transaction
 * ends, so a module switch or a profile save at the same moment is not overwritten, then written back
 * whole. Modules change their settings here rather than writing the agencies table themselves.
 */
export async function lockSysConfig(tx: Tx, agencyId: string): Promise<SysConfig> {
  const [agency] = await tx.select({ sysConfig: agencies.sysConfig }).from(agencies).where(eq(agencies.id, agencyId)).for('update');
  return agency!.sysConfig;
}

/** Stores the agency's sys_config (read with lockSysConfig in the same transaction), bumping the agency's version. */
export async function writeSysConfig(tx: Tx, agencyId: string, sysConfig: SysConfig): Promise<void> {
  await updateAtVersion(tx, agencies, eq(agencies.id, agencyId), null, { sysConfig });
}

/** The agency's sys_config, read without a lock (a public read such as a calendar feed, which has no request scope); undefined for no such agency. */
export async function readSysConfig(tx: Tx, agencyId: string): Promise<SysConfig | undefined> {
  const [agency] = await tx.select({ sysConfig: agencies.sysConfig }).from(agencies).where(eq(agencies.id, agencyId));
  return agency?.sysConfig;
}
