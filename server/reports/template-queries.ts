import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { TemplateContent, TemplateScope } from '../../core/contracts/reports.ts';
import type { Tx } from '../platform/database.ts';
import { userNameOf } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { reportTemplates } from './schema.ts';

/** The reports module's access to its templates (the only place that queries report_templates). */

const columns = {
  template: reportTemplates,
  ownerName: userNameOf(reportTemplates.agencyId, reportTemplates.ownerId),
};
export type ListedTemplate = { template: typeof reportTemplates.$inferSelect; ownerName: string | null };

/** The agency's templates and the user's own, retired ones only when asked. */
export async function usableTemplates(tx: Tx, agencyId: string, userId: string, withRetired: boolean): Promise<ListedTemplate[]> {
  return tx
    .select(columns)
    .from(reportTemplates)
    .where(
      and(
        eq(reportTemplates.agencyId, agencyId),
        or(eq(reportTemplates.scope, 'agency'), eq(reportTemplates.ownerId, userId)),
        withRetired ? undefined : isNull(reportTemplates.retiredAt),
      ),
    )
    .orderBy(asc(reportTemplates.scope), asc(reportTemplates.name), asc(reportTemplates.id));
}

export async function findTemplate(tx: Tx, agencyId: string, id: string): Promise<ListedTemplate | undefined> {
  const [row] = await tx
    .select(columns)
    .from(reportTemplates)
    .where(and(eq(reportTemplates.agencyId, agencyId), eq(reportTemplates.id, id)));
  return row;
}

export async function templatesByIds(tx: Tx, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.agencyId, agencyId), inArray(reportTemplates.id, ids)));
}

export async function insertTemplate(
  tx: Tx,
  values: { agencyId: string; name: string; description: string; scope: TemplateScope; ownerId: string | null; content: TemplateContent },
) {
  const [row] = await tx.insert(reportTemplates).values(values).returning();
  return row!;
}

export function updateTemplateRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number,
  values: Partial<Pick<typeof reportTemplates.$inferInsert, 'name' | 'description' | 'content' | 'retiredAt'>>,
) {
  return updateAtVersion(tx, reportTemplates, and(eq(reportTemplates.agencyId, agencyId), eq(reportTemplates.id, id)), version, values);
}
