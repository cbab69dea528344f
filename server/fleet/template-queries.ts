import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../platform/database.ts';
import { squadCheckTemplates, squadCheckTemplateVersions } from './schema.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';

/** The fleet module's database access to squad-check templates and their versions. Every query filters by agency as well as running under row-level security. */

export type TemplateRow = typeof squadCheckTemplates.$inferSelect;

export type TemplateVersionRow = typeof squadCheckTemplateVersions.$inferSelect;

export async function listTemplates(tx: Tx, agencyId: string) {
  return tx.select().from(squadCheckTemplates).where(eq(squadCheckTemplates.agencyId, agencyId)).orderBy(asc(squadCheckTemplates.name));
}

export async function findTemplate(tx: Tx, agencyId: string, templateId: string) {
  const [row] = await tx
    .select()
    .from(squadCheckTemplates)
    .where(and(eq(squadCheckTemplates.agencyId, agencyId), eq(squadCheckTemplates.id, templateId)));
  return row;
}

export async function insertTemplate(tx: Tx, values: typeof squadCheckTemplates.$inferInsert) {
  const [row] = await tx.insert(squadCheckTemplates).values(values).returning();
  return row!;
}

export function updateTemplateRow(
  tx: Tx,
  agencyId: string,
  templateId: string,
  version: number,
  values: Partial<typeof squadCheckTemplates.$inferInsert>,
) {
  return updateAtVersion(
    tx,
    squadCheckTemplates,
    and(eq(squadCheckTemplates.agencyId, agencyId), eq(squadCheckTemplates.id, templateId)),
    version,
    values,
  );
}

export async function setCurrentVersion(tx: Tx, agencyId: string, templateId: string, versionId: string) {
  await tx
    .update(squadCheckTemplates)
    .set({ currentVersionId: versionId })
    .where(and(eq(squadCheckTemplates.agencyId, agencyId), eq(squadCheckTemplates.id, templateId)));
}

export async function insertTemplateVersion(tx: Tx, values: typeof squadCheckTemplateVersions.$inferInsert) {
  const [row] = await tx.insert(squadCheckTemplateVersions).values(values).returning();
  return row!;
}

export async function findTemplateVersions(tx: Tx, agencyId: string, versionIds: string[]) {
  if (versionIds.length === 0) return [];
  return tx
    .select()
    .from(squadCheckTemplateVersions)
    .where(and(eq(squadCheckTemplateVersions.agencyId, agencyId), inArray(squadCheckTemplateVersions.id, versionIds)));
}
