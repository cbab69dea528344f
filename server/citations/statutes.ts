import {
  CITATION_KINDS,
  StatuteInput,
  type CitationKind,
  type ImportStatutesResult,
  type Statute,
} from '../../core/contracts/citations.ts';
import { parseCsv } from '../../core/csv.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { allStatutes, findStatute, insertStatute, listStatuteRows, updateStatuteRow, type StatuteRow } from './statute-queries.ts';

/**
 * The agency's statute library: what officers pick violations from (those in force on the stop's date),
 * kept by the administrator one by one or from a CSV. A change of a fine or a text is a new version with
 * its own effective dates (end the old one, add the new one): citations already issued keep the text
 * they were issued with either way.
 */

export function presentStatute(row: StatuteRow): Statute {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kinds: row.kinds,
    fine_cents: row.fineCents,
    points: row.points,
    moving: row.moving,
    speeding: row.speeding,
    effective_from: row.effectiveFrom,
    effective_to: row.effectiveTo,
    version: row.version,
  };
}

function columnsOf(input: StatuteInput) {
  return {
    code: input.code,
    description: input.description,
    kinds: input.kinds,
    fineCents: input.fine_cents,
    points: input.points,
    moving: input.moving,
    speeding: input.speeding,
    effectiveFrom: input.effective_from,
    effectiveTo: input.effective_to,
  };
}

export function listStatutes(
  ctx: RequestContext,
  query: { q?: string | undefined; kind?: CitationKind | undefined; on?: string | undefined },
): Promise<Statute[]> {
  return inAgency(ctx, async (tx) => (await listStatuteRows(tx, ctx.scope.agencyId, query)).map(presentStatute));
}

const TAKEN = 'This code already has a version starting that day: change that one, or start this one on another day';

export function createStatute(ctx: RequestContext, input: StatuteInput): Promise<Statute> {
  return inAgency(ctx, async (tx) => {
    const row = await insertStatute(tx, { agencyId: ctx.scope.agencyId, ...columnsOf(input) });
    if (!row) throw validationError({ effective_from: TAKEN });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'citations.statute_created',
      entityType: 'citation_statute',
      entityId: row.id,
      summary: `Added ${row.code} ${row.description} to the statute library`,
      after: columnsOf(input),
    });
    return presentStatute(row);
  });
}

export function updateStatute(ctx: RequestContext, id: string, version: number, input: StatuteInput): Promise<Statute> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await findStatute(tx, agencyId, id);
    if (!before) throw new AppError('not_found', 'There is no such statute');
    const clash = (await allStatutes(tx, agencyId)).find(
      (other) => other.id !== id && other.code === input.code && other.effectiveFrom === input.effective_from,
    );
    if (clash) throw validationError({ effective_from: TAKEN });
    const row = await updateStatuteRow(tx, agencyId, id, version, columnsOf(input));
    if (!row) throw staleVersion('statute');
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.statute_changed',
      entityType: 'citation_statute',
      entityId: id,
      summary: `Changed ${row.code} in the statute library`,
      before: presentStatute(before),
      after: columnsOf(input),
    });
    return presentStatute(row);
  });
}

const HEADER = ['code', 'description', 'kinds', 'fine', 'points', 'moving', 'speeding', 'effective_from', 'effective_to'] as const;
const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** One line of the CSV as a statute, or the reason it is refused. */
function statuteOfLine(cells: Record<(typeof HEADER)[number], string>): { input: StatuteInput } | { error: string } {
  const flag = (name: 'moving' | 'speeding') => {
    const value = cells[name].trim().toLowerCase();
    return YES.has(value) ? true : NO.has(value) ? false : null;
  };
  const kinds = cells.kinds
    .split(/[;|/\s]+/)
    .map((kind) => kind.trim().toLowerCase())
    .filter(Boolean);
  const unknownKind = kinds.find((kind) => !(CITATION_KINDS as readonly string[]).includes(kind));
  if (unknownKind) return { error: `kinds: “${unknownKind}” is not a kind of citation (use ${CITATION_KINDS.join(', ')})` };
  const fine = cells.fine.trim().replace(/^\$/, '').replace(/,/g, '');
  if (fine && !/^\d+(\.\d{1,2})?$/.test(fine))
    return { error: `fine: “${cells.fine}” is not an amount (use 175 or 175.50, or leave it empty)` };
  const points = cells.points.trim() || '0';
  if (!/^\d+$/.test(points)) return { error: `points: “${cells.points}” is not a whole number` };
  const moving = flag('moving');
  const speeding = flag('speeding');
  if (moving === null) return { error: `moving: use yes or no, not “${cells.moving}”` };
  if (speeding === null) return { error: `speeding: use yes or no, not “${cells.speeding}”` };
  const parsed = StatuteInput.safeParse({
    code: cells.code,
    description: cells.description,
    kinds,
    fine_cents: fine ? Math.round(Number(fine) * 100) : null,
    points: Number(points),
    moving,
    speeding,
    effective_from: cells.effective_from.trim(),
    effective_to: cells.effective_to.trim() || null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const column = field === 'fine_cents' ? 'fine' : field;
    return { error: column ? `${column}: ${issue.message}` : issue.message };
  }
  return { input: parsed.data };
}

/**
 * Imports statutes from a CSV with the header code, description, kinds, fine, points, moving,
 * speeding, effective_from, effective_to. A line whose code and first day match a statute already in
 * the library updates it; any other adds one. All or nothing: while any line is refused (named by its
 * line number), nothing is saved; a dry run only answers what would happen.
 */
export function importStatutes(ctx: RequestContext, input: { csv: string; dry_run: boolean }): Promise<ImportStatutesResult> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    let rows;
    try {
      rows = parseCsv(input.csv);
    } catch (error) {
      const message = (error as Error).message;
      const line = Number(/^Line (\d+)/.exec(message)?.[1] ?? 1);
      return { created: 0, updated: 0, errors: [{ line, message: message.replace(/^Line \d+: /, '') }] };
    }
    const [header, ...lines] = rows;
    const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
    const missing = HEADER.filter((name) => !names.includes(name));
    if (!header || missing.length)
      return {
        created: 0,
        updated: 0,
        errors: [{ line: 1, message: `The first line must name the columns; missing: ${missing.join(', ')}` }],
      };
    if (lines.length > 2000) return { created: 0, updated: 0, errors: [{ line: 1, message: 'Import at most 2000 statutes at once' }] };
    const existing = new Map((await allStatutes(tx, agencyId)).map((row) => [`${row.code}\u0000${row.effectiveFrom}`, row]));
    const errors: ImportStatutesResult['errors'] = [];
    const seen = new Map<string, number>();
    const planned: Array<{ input: StatuteInput; existing: StatuteRow | undefined }> = [];
    for (const line of lines) {
      const cells = Object.fromEntries(HEADER.map((name) => [name, line.cells[names.indexOf(name)] ?? ''])) as Record<
        (typeof HEADER)[number],
        string
      >;
      const result = statuteOfLine(cells);
      if ('error' in result) {
        errors.push({ line: line.line, message: result.error });
        continue;
      }
      const key = `${result.input.code}\u0000${result.input.effective_from}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        errors.push({ line: line.line, message: `${result.input.code} from ${result.input.effective_from} is already on line ${earlier}` });
        continue;
      }
      seen.set(key, line.line);
      planned.push({ input: result.input, existing: existing.get(key) });
    }
    const created = planned.filter((plan) => !plan.existing).length;
    const updated = planned.length - created;
    if (errors.length || input.dry_run) return { created: errors.length ? 0 : created, updated: errors.length ? 0 : updated, errors };
    for (const plan of planned)
      if (plan.existing) await updateStatuteRow(tx, agencyId, plan.existing.id, null, columnsOf(plan.input));
      else await insertStatute(tx, { agencyId, ...columnsOf(plan.input) });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.statutes_imported',
      entityType: 'citation_statute',
      entityId: 'import',
      summary: `Imported the statute library from CSV: ${created} added, ${updated} changed`,
      after: { created, updated },
    });
    return { created, updated, errors };
  });
}
