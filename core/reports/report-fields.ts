import {
  PERSON_ROLE_LABELS,
  PROPERTY_DISPOSITION_LABELS,
  type ReportContent,
  type ReportPerson,
  type ReportProperty,
  type TemplateContent,
  type TemplateField,
} from '../contracts/reports.ts';
import { answeredFields } from './report-rules.ts';

/**
 * A report's fields by path (`location`, `answers.bac`, `people.0.name`, `narrative`), as its form
 * shows them: what a reviewer comments on (the server refuses a comment on a path the report does not
 * have), what the author's form shows each comment beside, and what the revision diff names.
 */

export type ReportFieldRef = {
  /** The field's path in the report's content, as the form and the server's messages name it. */
  path: string;
  /** What the form calls it (`Name`, `Offense`). */
  label: string;
  /** Where it is on the form (`When and where`, `Person 1 (Dana Reyes)`, a section's title). */
  group: string;
};

export type ListKey = 'people' | 'vehicles' | 'property';

/** The columns of each list as the form shows them, each with how its value reads. */
export const LIST_COLUMNS: { [K in ListKey]: Array<{ key: string; label: string }> } = {
  people: [
    { key: 'role', label: 'Role' },
    { key: 'name', label: 'Name' },
    { key: 'date_of_birth', label: 'Date of birth' },
    { key: 'address', label: 'Address' },
    { key: 'phone', label: 'Phone' },
    { key: 'description', label: 'Description' },
  ],
  vehicles: [
    { key: 'plate', label: 'Plate' },
    { key: 'state', label: 'State' },
    { key: 'make', label: 'Make' },
    { key: 'model', label: 'Model' },
    { key: 'year', label: 'Year' },
    { key: 'color', label: 'Colour' },
    { key: 'vin', label: 'VIN' },
    { key: 'description', label: 'Description' },
  ],
  property: [
    { key: 'description', label: 'Description' },
    { key: 'serial', label: 'Serial number' },
    { key: 'value', label: 'Value' },
    { key: 'disposition', label: 'Disposition' },
  ],
};

const LIST_OF_KIND: Partial<Record<TemplateField['kind'], ListKey>> = { person: 'people', vehicle: 'vehicles', property: 'property' };
const NOUNS: Record<ListKey, string> = { people: 'Person', vehicles: 'Vehicle', property: 'Item' };

/** How a row of a list is named: `Person 1 (Dana Reyes)`, `Vehicle 2 (ABC123)`, `Item 1 (Trek bike)`. */
export function rowName(list: ListKey, index: number, row?: object): string {
  const text = (key: string) => {
    const value = (row as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const name =
    list === 'people'
      ? text('name')
      : list === 'vehicles'
        ? text('plate') || [text('make'), text('model')].filter(Boolean).join(' ')
        : text('description');
  const short = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  return short ? `${NOUNS[list]} ${index + 1} (${short})` : `${NOUNS[list]} ${index + 1}`;
}

/** A value of a report as it reads: labels for roles and dispositions, dollars for values, a space for the `T` of a time. */
export function readableValue(list: ListKey | null, key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (list === 'people' && key === 'role') return PERSON_ROLE_LABELS[value as ReportPerson['role']] ?? String(value);
  if (list === 'property' && key === 'disposition')
    return PROPERTY_DISPOSITION_LABELS[value as ReportProperty['disposition']] ?? String(value);
  if (list === 'property' && key === 'value' && typeof value === 'number')
    return value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return text.replace('T', ' ');
  if (text === 'yes') return 'Yes';
  if (text === 'no') return 'No';
  return text;
}

/** The lists a template has (its person, vehicle and property fields) with their labels and sections, and any the content holds besides. */
function listsOf(template: TemplateContent, content: ReportContent): Array<{ list: ListKey; label: string; group: string }> {
  const found: Array<{ list: ListKey; label: string; group: string }> = [];
  for (const section of template.sections)
    for (const field of section.fields) {
      const list = LIST_OF_KIND[field.kind];
      if (list && !found.some((entry) => entry.list === list)) found.push({ list, label: field.label, group: section.title });
    }
  const fallback = { people: 'People', vehicles: 'Vehicles', property: 'Property' } as const;
  for (const list of ['people', 'vehicles', 'property'] as const)
    if (content[list].length > 0 && !found.some((entry) => entry.list === list))
      found.push({ list, label: fallback[list], group: fallback[list] });
  return found;
}

/** The narrative's name on the form: the template's narrative field, or "Narrative". */
export function narrativeLabel(template: TemplateContent): string {
  return template.sections.flatMap((section) => section.fields).find((field) => field.kind === 'narrative')?.label ?? 'Narrative';
}

/**
 * Every field of the report in the order its form shows them: when and where, each section's answers
 * and lists (the list itself, then each row's fields), the narrative and the attachments.
 */
export function reportFields(template: TemplateContent, content: ReportContent): ReportFieldRef[] {
  const fields: ReportFieldRef[] = [
    { path: 'occurred_at', label: 'Occurred at', group: 'When and where' },
    { path: 'reported_at', label: 'Reported at', group: 'When and where' },
    { path: 'location', label: 'Location', group: 'When and where' },
  ];
  const answered = new Set(answeredFields(template).map((field) => field.key));
  const lists = listsOf(template, content);
  const addList = ({ list, label, group }: { list: ListKey; label: string; group: string }) => {
    fields.push({ path: list, label, group });
    content[list].forEach((row, index) => {
      for (const column of LIST_COLUMNS[list])
        fields.push({ path: `${list}.${index}.${column.key}`, label: column.label, group: rowName(list, index, row) });
    });
  };
  for (const section of template.sections)
    for (const field of section.fields) {
      if (answered.has(field.key)) fields.push({ path: `answers.${field.key}`, label: field.label, group: section.title });
      const list = lists.find((entry) => entry.list === LIST_OF_KIND[field.kind] && entry.group === section.title);
      if (list && !fields.some((entry) => entry.path === list.list)) addList(list);
    }
  for (const list of lists) if (!fields.some((entry) => entry.path === list.list)) addList(list);
  fields.push({ path: 'narrative', label: narrativeLabel(template), group: 'Narrative' });
  fields.push({ path: 'attachment_ids', label: 'Attachments', group: 'Attachments' });
  return fields;
}

/**
 * A reviewer's comments on single fields checked against the report: by field path, what is wrong with
 * each one that names no field of this report (empty when all do).
 */
export function unknownFieldComments(
  template: TemplateContent,
  content: ReportContent,
  comments: Record<string, string>,
): Record<string, string> {
  const paths = new Set(reportFields(template, content).map((field) => field.path));
  return Object.fromEntries(
    Object.keys(comments)
      .filter((path) => !paths.has(path))
      .map((path) => [`fields.${path}`, `This report has no field “${path}” to comment on`]),
  );
}
