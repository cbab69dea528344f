import type {
  CitationContent,
  CitationDraft,
  CitationSummary,
  Court,
  IssuedViolation,
  StopContent,
  Violation,
} from '../../core/contracts/citations.ts';
import type { RuleContext, StatuteFacts } from '../../core/citations/citation-rules.ts';
import { appearanceDate, courtFor, personName } from '../../core/citations/citation-rules.ts';
import type { CitationsSettings } from '../../core/contracts/citations.ts';
import type { CitationRow, SummaryCitation } from './citation-queries.ts';
import { searchTerms } from '../platform/text-search.ts';
import type { citations } from './schema.ts';
import type { StatuteRow } from './statute-queries.ts';

/**
 * How a stop's drafts become citations: the content a draft would issue with (kept while it is a
 * draft, so lists and searches read drafts as they read issued citations), the snapshot made at issue
 * (the statutes as they read that day, the court and appearance date fixed), and the columns the lists
 * and the search read beside it.
 */

export type StopFields = Omit<StopContent, 'citations'>;

export function statuteFacts(rows: readonly StatuteRow[]): Map<string, StatuteFacts> {
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        code: row.code,
        kinds: row.kinds,
        speeding: row.speeding,
        effective_from: row.effectiveFrom,
        effective_to: row.effectiveTo,
      },
    ]),
  );
}

export function ruleContext(statutes: readonly StatuteRow[], settings: CitationsSettings, today: string): RuleContext {
  return { statutes: statuteFacts(statutes), courts: settings.courts, holidays: settings.holidays, today };
}

/** A violation with its statute as it reads now (a statute not in the library keeps only its id). */
function withStatute(violation: Violation, statutes: ReadonlyMap<string, StatuteRow>): IssuedViolation {
  const statute = statutes.get(violation.statute_id);
  return {
    statute_id: violation.statute_id,
    speed: violation.speed,
    posted_limit: violation.posted_limit,
    code: statute?.code ?? '',
    description: statute?.description ?? '',
    fine_cents: statute?.fineCents ?? null,
    points: statute?.points ?? 0,
    moving: statute?.moving ?? false,
  };
}

/** What a draft would issue with, its court and appearance date as the officer left them (empty: computed at issue). */
export function draftContent(stop: StopFields, draft: CitationDraft, statutes: ReadonlyMap<string, StatuteRow>): CitationContent {
  return {
    kind: draft.kind,
    occurred_at: stop.occurred_at,
    location: stop.location,
    latitude: stop.latitude,
    longitude: stop.longitude,
    person: stop.person,
    vehicle: stop.vehicle,
    violations: draft.violations.map((violation) => withStatute(violation, statutes)),
    court_key: draft.court_key || null,
    appearance_date: draft.appearance_date || null,
    officer_notes: draft.officer_notes,
  };
}

/** The citation as issued (or amended): the court and appearance date fixed by the agency's rules where left blank. */
export function issuedContent(
  stop: StopFields,
  draft: Omit<CitationDraft, 'id'>,
  statutes: ReadonlyMap<string, StatuteRow>,
  settings: CitationsSettings,
): CitationContent {
  const content = draftContent(stop, { ...draft, id: '00000000-0000-0000-0000-000000000000' }, statutes);
  const court = courtFor(draft.kind, settings.courts, draft.court_key);
  return {
    ...content,
    court_key: court?.key ?? null,
    appearance_date: court ? draft.appearance_date || appearanceDate(stop.occurred_at.slice(0, 10), court, settings.holidays) : null,
  };
}

/** A draft as the stop form edits it, back from its kept content. */
export function draftOf(row: CitationRow): CitationDraft {
  const { content } = row;
  return {
    id: row.id,
    kind: row.kind,
    violations: content.violations.map((v) => ({ statute_id: v.statute_id, speed: v.speed, posted_limit: v.posted_limit })),
    court_key: content.court_key ?? '',
    appearance_date: content.appearance_date ?? '',
    officer_notes: content.officer_notes,
  };
}

/** The stop's fields as the citation's content holds them. */
export function stopFieldsOf(content: CitationContent): StopFields {
  return {
    occurred_at: content.occurred_at,
    location: content.location,
    latitude: content.latitude,
    longitude: content.longitude,
    person: content.person,
    vehicle: content.vehicle,
  };
}

/**
 * The words a citation is found by: its number whole, without punctuation and by its parts (the
 * sequence also without its leading zeros), the names, the plate whole and in parts, the VIN and the
 * statute codes whole and in parts.
 */
function searchText(number: string | null, content: CitationContent): string {
  const { person, vehicle } = content;
  const compact = (text: string) => searchTerms(text).join('');
  const parts = [
    number ?? '',
    ...(number ?? '').split(/[^\p{L}\p{N}]+/u).map((part) => part.replace(/^0+(?=\d)/, '')),
    person.first_name,
    person.middle_name,
    person.last_name,
    vehicle.plate,
    vehicle.vin,
    ...content.violations.map((v) => v.code),
  ];
  const words = [
    compact(number ?? ''),
    compact(vehicle.plate),
    ...content.violations.map((v) => compact(v.code)),
    ...parts.flatMap(searchTerms),
  ].filter(Boolean);
  return [...new Set(words)].join(' ').slice(0, 4000);
}

/** The columns the lists, filters and search read, from the content (and the number once it has one). */
export function derivedColumns(content: CitationContent, number: string | null): Partial<typeof citations.$inferInsert> {
  return {
    kind: content.kind,
    content,
    occurredAt: content.occurred_at,
    occurredOn: content.occurred_at.slice(0, 10),
    location: content.location,
    violatorName: personName(content.person),
    plate: content.vehicle.plate,
    codes: content.violations.map((v) => v.code).filter(Boolean),
    statuteIds: content.violations.map((v) => v.statute_id),
    totalFineCents: content.violations.reduce((sum, v) => sum + (v.fine_cents ?? 0), 0),
    appearanceDate: content.appearance_date,
    courtKey: content.court_key,
    searchText: searchText(number, content),
  };
}

export function courtNamed(settings: CitationsSettings, key: string | null): Court | null {
  return key ? (settings.courts.find((court) => court.key === key) ?? null) : null;
}

export function summarise(row: SummaryCitation, settings: CitationsSettings): CitationSummary {
  const { citation } = row;
  return {
    id: citation.id,
    stop_id: citation.stopId,
    number: citation.number,
    kind: citation.kind,
    status: citation.status,
    officer_id: citation.officerId,
    officer_name: row.officerName,
    occurred_at: citation.occurredAt,
    location: citation.location,
    violator_name: citation.violatorName,
    plate: citation.plate,
    codes: citation.codes,
    total_fine_cents: citation.totalFineCents,
    appearance_date: citation.appearanceDate,
    court_name: courtNamed(settings, citation.courtKey)?.name ?? null,
    amended: citation.amended,
    void_requested: citation.voidRequest !== null,
    issued_at: citation.issuedAt?.toISOString() ?? null,
    updated_at: citation.updatedAt.toISOString(),
  };
}

export function isDraft(status: CitationRow['status']): boolean {
  return status === 'draft' || status === 'validated';
}
