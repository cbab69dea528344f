import { CITATION_KIND_LABELS, type CitationStats, type CourtExportQuery } from '../../core/contracts/citations.ts';
import { toCsv } from '../../core/csv.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { validationError } from '../platform/errors.ts';
import { courtNamed } from './citation-content.ts';
import { citationsForStats, insertRevision, issuedAmong, markFiledRows, toFile } from './citation-queries.ts';
import { citationsSettingsOf } from './settings.ts';
import { allStatutes } from './statute-queries.ts';

/** The records clerk's work (citations:manage): the court export, marking citations filed, and the counts by officer, statute and kind. */

function refuseBackwards(from: string, to: string): void {
  if (to < from) throw validationError({ to: 'The last day must be on or after the first' });
}

const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** The issued citations of a period not yet filed, one line per violation, as a court's clerk loads them. */
export function courtExport(ctx: RequestContext, query: CourtExportQuery): Promise<string> {
  return inAgency(ctx, async (tx) => {
    refuseBackwards(query.from, query.to);
    const settings = citationsSettingsOf(ctx.sysConfig);
    const rows = await toFile(tx, ctx.scope.agencyId, query.from, query.to, query.court_key);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'citations.court_exported',
      entityType: 'citation',
      entityId: 'court-export',
      summary: `Exported ${rows.length} citations for court (${query.from} to ${query.to}${query.court_key ? `, ${query.court_key}` : ''})`,
      after: { query, citation_ids: rows.map((row) => row.citation.id) },
    });
    const lines = rows.flatMap(({ citation, officerName }) => {
      const { content } = citation;
      const { person, vehicle } = content;
      return content.violations.map((violation, index) => [
        citation.number ?? '',
        citation.id,
        index + 1,
        CITATION_KIND_LABELS[citation.kind],
        courtNamed(settings, citation.courtKey)?.name ?? '',
        citation.appearanceDate ?? '',
        content.occurred_at,
        content.location,
        officerName,
        person.last_name,
        person.first_name,
        person.middle_name,
        person.date_of_birth,
        person.address,
        person.city,
        person.state,
        person.zip,
        person.licence_number,
        person.licence_state,
        vehicle.plate,
        vehicle.plate_state,
        vehicle.make,
        vehicle.model,
        vehicle.year,
        vehicle.color,
        vehicle.vin,
        violation.code,
        violation.description,
        money(violation.fine_cents),
        violation.points,
        violation.moving ? 'yes' : 'no',
        violation.speed ?? '',
        violation.posted_limit ?? '',
        citation.amended,
      ]);
    });
    return toCsv(
      [
        'citation_number',
        'citation_id',
        'violation',
        'kind',
        'court',
        'appearance_date',
        'occurred_at',
        'location',
        'officer',
        'last_name',
        'first_name',
        'middle_name',
        'date_of_birth',
        'address',
        'city',
        'state',
        'zip',
        'licence_number',
        'licence_state',
        'plate',
        'plate_state',
        'make',
        'model',
        'year',
        'color',
        'vin',
        'statute',
        'description',
        'fine',
        'points',
        'moving',
        'speed',
        'posted_limit',
        'amended',
      ],
      lines,
    );
  });
}

/** Marks the exported citations filed with court: only those still issued (answered as filed; the rest skipped). */
export function markFiled(ctx: RequestContext, ids: readonly string[]): Promise<{ filed: number; skipped: number }> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const unique = [...new Set(ids)];
    const rows = await issuedAmong(tx, agencyId, unique);
    const now = new Date();
    await markFiledRows(
      tx,
      agencyId,
      rows.map((row) => row.id),
      now,
    );
    for (const row of rows)
      await insertRevision(tx, {
        agencyId,
        citationId: row.id,
        event: 'filed',
        actorId: ctx.scope.userId,
        reason: null,
        content: row.content,
      });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.filed',
      entityType: 'citation',
      entityId: 'court-export',
      summary: `Marked ${rows.length} citations filed with court`,
      after: { numbers: rows.map((row) => row.number) },
    });
    return { filed: rows.length, skipped: unique.length - rows.length };
  });
}

type Counts = { issued: number; voided: number; amended: number };

/** Issued, voided and amended citations of a period (by the stop's date), grouped by officer, statute or kind, and per month. */
export function citationStats(
  ctx: RequestContext,
  query: { from: string; to: string; group: 'officer' | 'statute' | 'kind' },
): Promise<CitationStats> {
  return inAgency(ctx, async (tx) => {
    refuseBackwards(query.from, query.to);
    const rows = await citationsForStats(tx, ctx.scope.agencyId, query.from, query.to);
    const descriptions =
      query.group === 'statute'
        ? new Map((await allStatutes(tx, ctx.scope.agencyId)).map((statute) => [statute.code, statute.description]))
        : new Map<string, string>();
    const groups = new Map<string, Counts & { label: string }>();
    const months = new Map<string, Counts>();
    const add = (counts: Counts, row: (typeof rows)[number]) => {
      counts.issued += 1;
      if (row.status === 'void') counts.voided += 1;
      if (row.amended > 0) counts.amended += 1;
    };
    for (const row of rows) {
      const keys: Array<[string, string]> =
        query.group === 'officer'
          ? [[row.officerId, row.officerName]]
          : query.group === 'kind'
            ? [[row.kind, CITATION_KIND_LABELS[row.kind]]]
            : [...new Set(row.codes)].map((code) => [code, descriptions.has(code) ? `${code} ${descriptions.get(code)}` : code]);
      for (const [key, label] of keys) {
        const group = groups.get(key) ?? { label, issued: 0, voided: 0, amended: 0 };
        add(group, row);
        groups.set(key, group);
      }
      const month = row.occurredOn.slice(0, 7);
      const counts = months.get(month) ?? { issued: 0, voided: 0, amended: 0 };
      add(counts, row);
      months.set(month, counts);
    }
    // Every month of the period, those without citations too, so a chart's axis has no gaps.
    const allMonths: string[] = [];
    for (let month = query.from.slice(0, 7); month <= query.to.slice(0, 7);) {
      allMonths.push(month);
      const [year, m] = month.split('-').map(Number) as [number, number];
      month = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
    }
    return {
      rows: [...groups.entries()]
        .map(([key, group]) => ({ key, ...group }))
        .sort((a, b) => b.issued - a.issued || a.label.localeCompare(b.label)),
      months: allMonths.map((month) => ({ month, ...(months.get(month) ?? { issued: 0, voided: 0, amended: 0 }) })),
    };
  });
}
