import { diffArrays, diffWords } from 'diff';
import type { ReportContent, TemplateContent } from '../contracts/reports.ts';
import { answeredFields, narrativeText } from './report-rules.ts';
import { LIST_COLUMNS, narrativeLabel, readableValue, rowName, type ListKey } from './report-fields.ts';

/**
 * What changed between two contents of a report (two kept revisions, or a revision and the report
 * now), field by field, for the revision diff on the report's page: its facts and answers as
 * before/after, the people, vehicles and property as rows added, removed or changed (lined up by
 * jsdiff's array diff, so removing the first person does not show every later one as changed), the
 * narrative's text with the words added and removed marked (jsdiff's word diff), and the attachments
 * added and removed.
 */

/** One field's value before and after, as it reads. */
export type FieldChange = { path: string; label: string; before: string; after: string };

export type RowChange = {
  list: ListKey;
  kind: 'added' | 'removed' | 'changed';
  /** The row's name where it is now (`Person 2 (Dana Reyes)`), or where it was for a removed one. */
  name: string;
  /** Each field that differs (a changed row), or each field with a value (an added or removed one). */
  fields: FieldChange[];
};

/** A run of the narrative's text: common to both, or only in the later one (`added`), or only in the earlier (`removed`). */
export type TextPart = { text: string; added: boolean; removed: boolean };

export type ReportChanges = {
  /** Occurred, reported, location and the template's answers, grouped as the form groups them. */
  fields: Array<FieldChange & { group: string }>;
  rows: RowChange[];
  /** Null when the narrative's text did not change. */
  narrative: { label: string; parts: TextPart[] } | null;
  attachments: { added: string[]; removed: string[] };
};

/** Above this many words changed the narrative is shown as replaced whole: a diff of that size reads no better and costs time. */
const MAX_NARRATIVE_EDIT = 5000;

function isEmpty(changes: ReportChanges): boolean {
  return (
    changes.fields.length === 0 &&
    changes.rows.length === 0 &&
    !changes.narrative &&
    changes.attachments.added.length === 0 &&
    changes.attachments.removed.length === 0
  );
}

/** Whether two contents differ in anything the diff shows. */
export function hasChanges(changes: ReportChanges): boolean {
  return !isEmpty(changes);
}

type AnyRow = Record<string, unknown>;

function rowFields(list: ListKey, index: number, before: AnyRow | null, after: AnyRow | null): FieldChange[] {
  return LIST_COLUMNS[list]
    .map((column) => ({
      path: `${list}.${index}.${column.key}`,
      label: column.label,
      before: before ? readableValue(list, column.key, before[column.key]) : '',
      after: after ? readableValue(list, column.key, after[column.key]) : '',
    }))
    .filter((field) => field.before !== field.after);
}

function listChanges(list: ListKey, before: AnyRow[], after: AnyRow[]): RowChange[] {
  const same = (a: AnyRow, b: AnyRow) => JSON.stringify(a) === JSON.stringify(b);
  const runs = diffArrays(before, after, { comparator: same });
  const changes: RowChange[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (let i = 0; i < runs.length; i += 1) {
    const run = runs[i]!;
    if (!run.added && !run.removed) {
      oldIndex += run.value.length;
      newIndex += run.value.length;
      continue;
    }
    // A removal followed by an addition is the same rows edited: paired one by one, the rest added or removed.
    const next = runs[i + 1];
    const removed = run.removed ? run.value : [];
    const added = run.removed && next?.added ? next.value : run.added ? run.value : [];
    if (run.removed && next?.added) i += 1;
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k += 1)
      changes.push({
        list,
        kind: 'changed',
        name: rowName(list, newIndex + k, added[k]),
        fields: rowFields(list, newIndex + k, removed[k]!, added[k]!),
      });
    for (let k = paired; k < removed.length; k += 1)
      changes.push({
        list,
        kind: 'removed',
        name: rowName(list, oldIndex + k, removed[k]),
        fields: rowFields(list, oldIndex + k, removed[k]!, null),
      });
    for (let k = paired; k < added.length; k += 1)
      changes.push({
        list,
        kind: 'added',
        name: rowName(list, newIndex + k, added[k]),
        fields: rowFields(list, newIndex + k, null, added[k]!),
      });
    oldIndex += removed.length;
    newIndex += added.length;
  }
  return changes;
}

function narrativeChange(template: TemplateContent, before: string, after: string): ReportChanges['narrative'] {
  const old = narrativeText(before);
  const now = narrativeText(after);
  if (old === now) return null;
  const runs = diffWords(old, now, { maxEditLength: MAX_NARRATIVE_EDIT });
  const parts: TextPart[] = runs
    ? runs.map((run) => ({ text: run.value, added: Boolean(run.added), removed: Boolean(run.removed) }))
    : [...(old ? [{ text: old, added: false, removed: true }] : []), ...(now ? [{ text: now, added: true, removed: false }] : [])];
  return { label: narrativeLabel(template), parts };
}

/** What changed from `before` to `after`, both contents of a report on `template`. */
export function reportChanges(template: TemplateContent, before: ReportContent, after: ReportContent): ReportChanges {
  const fields: ReportChanges['fields'] = [];
  const fact = (path: 'occurred_at' | 'reported_at' | 'location', label: string) => {
    const was = readableValue(null, path, before[path]);
    const is = readableValue(null, path, after[path]);
    if (was !== is) fields.push({ path, label, group: 'When and where', before: was, after: is });
  };
  fact('occurred_at', 'Occurred at');
  fact('reported_at', 'Reported at');
  fact('location', 'Location');
  const sectionOf = new Map(template.sections.flatMap((section) => section.fields.map((field) => [field.key, section.title] as const)));
  for (const field of answeredFields(template)) {
    const was = readableValue(null, field.key, before.answers[field.key] ?? '');
    const is = readableValue(null, field.key, after.answers[field.key] ?? '');
    if (was !== is)
      fields.push({ path: `answers.${field.key}`, label: field.label, group: sectionOf.get(field.key) ?? '', before: was, after: is });
  }
  const rows = (['people', 'vehicles', 'property'] as const).flatMap((list) =>
    listChanges(list, before[list] as AnyRow[], after[list] as AnyRow[]),
  );
  const kept = new Set(before.attachment_ids);
  const now = new Set(after.attachment_ids);
  return {
    fields,
    rows,
    narrative: narrativeChange(template, before.narrative, after.narrative),
    attachments: {
      added: after.attachment_ids.filter((id) => !kept.has(id)),
      removed: before.attachment_ids.filter((id) => !now.has(id)),
    },
  };
}
