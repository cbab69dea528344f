import type { ReportContent, TemplateContent, TemplateField } from '../contracts/reports.ts';

/**
 * The rules of a report both ends apply: what a report needs before it can be submitted (the form
 * marks the same fields the server refuses), case numbers, and the narrative a template's skeleton
 * writes from the answers.
 */

/** The text of a narrative without its markup, for "is anything written" and for searching. */
export function narrativeText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

/** The `[INSERT …]` placeholders a drafted narrative still holds: each blocks submission. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\[INSERT[^\]]*\]/g)].map((match) => match[0]);
}

const YES_NO = ['yes', 'no'];

function answerProblem(field: TemplateField, value: string): string | null {
  const text = value.trim();
  if (!text) return field.required ? `Answer “${field.label}”` : null;
  switch (field.kind) {
    case 'number':
      return Number.isFinite(Number(text)) ? null : 'Use a number';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? null : 'Use a date (YYYY-MM-DD)';
    case 'time':
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(text) ? null : 'Use a time (HH:mm)';
    case 'choice':
      return field.options.includes(text) ? null : `Choose one of: ${field.options.join(', ')}`;
    case 'yes_no':
      return YES_NO.includes(text) ? null : 'Answer yes or no';
    default:
      return null;
  }
}

/** The fields of a template that are answered in `answers` (the others are the report's own lists). */
export function answeredFields(template: TemplateContent): TemplateField[] {
  return template.sections
    .flatMap((section) => section.fields)
    .filter((field) => !['person', 'vehicle', 'property', 'narrative'].includes(field.kind));
}

/**
 * What stops a report from being submitted, by field path (`location`, `answers.bac`,
 * `people.0.name`, `narrative`), in words the author reads beside the field; empty when it may go.
 */
export function reportProblems(template: TemplateContent, content: ReportContent): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!content.occurred_at) problems.occurred_at = 'Say when it happened';
  if (!content.reported_at) problems.reported_at = 'Say when it was reported';
  if (content.occurred_at && content.reported_at && content.occurred_at > content.reported_at)
    problems.reported_at = 'It cannot have been reported before it happened';
  if (!content.location.trim()) problems.location = 'Say where it happened';
  for (const field of answeredFields(template)) {
    const problem = answerProblem(field, content.answers[field.key] ?? '');
    if (problem) problems[`answers.${field.key}`] = problem;
  }
  const fields = template.sections.flatMap((section) => section.fields);
  const needs = (kind: TemplateField['kind']) => fields.find((field) => field.kind === kind && field.required);
  const person = needs('person');
  if (person && content.people.length === 0) problems.people = `Add at least one person (${person.label})`;
  const vehicle = needs('vehicle');
  if (vehicle && content.vehicles.length === 0) problems.vehicles = `Add at least one vehicle (${vehicle.label})`;
  const property = needs('property');
  if (property && content.property.length === 0) problems.property = `Add at least one item (${property.label})`;
  content.people.forEach((entry, index) => {
    if (!entry.name.trim()) problems[`people.${index}.name`] = 'Give the person’s name, or “Unknown”';
  });
  content.vehicles.forEach((entry, index) => {
    if (!entry.plate.trim() && !entry.vin.trim() && !entry.description.trim())
      problems[`vehicles.${index}.plate`] = 'Give the plate, the VIN or a description';
  });
  content.property.forEach((entry, index) => {
    if (!entry.description.trim()) problems[`property.${index}.description`] = 'Describe the item';
  });
  const narrative = narrativeText(content.narrative);
  if (!narrative) problems.narrative = 'Write the narrative';
  else {
    const left = placeholdersIn(narrative);
    if (left.length > 0)
      problems.narrative = `Replace every placeholder before submitting: ${left.length === 1 ? left[0] : `${left.length} left, the first ${left[0]}`}`;
  }
  return problems;
}

/**
 * A case number from the agency's format: `{YYYY}` the year, `{NNNNNN}` the counter padded to as many
 * digits as N's (never cut: 1234567 stays whole).
 */
export function formatCaseNumber(format: string, year: number, counter: number): string {
  return format.replace(/\{YYYY\}/g, String(year)).replace(/\{(N{3,})\}/g, (_, ns: string) => String(counter).padStart(ns.length, '0'));
}

/** A supplement's case number: the report's, with `-S1`, `-S2`, … */
export function supplementCaseNumber(caseNumber: string, supplement: number): string {
  return `${caseNumber}-S${supplement}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The first narrative of a report: the template's skeleton with `{field_key}` (and `{location}`,
 * `{occurred_at}`) filled from the answers, one paragraph a line, as HTML. A blank answer becomes an
 * `[INSERT …]` placeholder naming the field, so nothing is left silently empty.
 */
export function fillSkeleton(template: TemplateContent, content: Pick<ReportContent, 'answers' | 'location' | 'occurred_at'>): string {
  const labels = new Map(template.sections.flatMap((section) => section.fields).map((field) => [field.key, field.label]));
  const value = (key: string): string => {
    if (key === 'location') return content.location.trim() || '[INSERT location]';
    if (key === 'occurred_at') return content.occurred_at ? content.occurred_at.replace('T', ' at ') : '[INSERT date and time]';
    const answer = content.answers[key]?.trim();
    if (answer) return answer;
    return `[INSERT ${(labels.get(key) ?? key).toLowerCase()}]`;
  };
  return template.narrative_skeleton
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line.replace(/\{([a-z0-9_]+)\}/g, (_, key: string) => value(key)))}</p>`)
    .join('');
}

/** An empty report of a template, as it starts. */
export function emptyReportContent(): ReportContent {
  return {
    occurred_at: '',
    reported_at: '',
    location: '',
    answers: {},
    people: [],
    vehicles: [],
    property: [],
    narrative: '',
    attachment_ids: [],
  };
}
