import type { Answer, TemplateItem, TemplateSection } from '../../core/contracts/fleet.ts';

/**
 * The squad check's rules on the officer's side, mirroring server/fleet/squad-checks.ts
 * (evaluateAnswers) message for message, so the officer sees the same words before sending as the
 * server would answer after. Answers are held by item id while the form is filled.
 */

export type Answers = Record<string, Answer>;

const STORED_ID = /^[0-9a-f-]{36}$/i;

export function itemsOf(sections: TemplateSection[]): TemplateItem[] {
  return sections.flatMap((section) => section.items);
}

export function isEmptyAnswer(answer: Answer | undefined): boolean {
  return !answer || answer.value === null || answer.value === '';
}

/** Whether this answer makes the item a failure (a fail, a number out of range, a failing option). */
export function answerFails(item: TemplateItem, answer: Answer | undefined): boolean {
  if (!answer || isEmptyAnswer(answer) || answer.value === 'na') return false;
  const value = answer.value;
  switch (item.kind) {
    case 'pass_fail':
      return value === 'fail';
    case 'number': {
      if (item.is_odometer) return false;
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) return false;
      return (item.min !== undefined && number < item.min) || (item.max !== undefined && number > item.max);
    }
    case 'choice':
      return typeof value === 'string' && (item.failing_options ?? []).includes(value);
    default:
      return false;
  }
}

/** Whether a failure of this item must carry a note (numbers out of range get one written for them). */
export function noteRequiredOnFail(item: TemplateItem): boolean {
  return item.note_required_on_fail !== false && item.kind !== 'number';
}

/** What is wrong with one item's answer, in the server's words; null when it may be sent. */
export function itemProblem(item: TemplateItem, answer: Answer | undefined): string | null {
  if (!answer || isEmptyAnswer(answer)) return item.required !== false ? 'Answer this item' : null;
  const value = answer.value;
  if (value === 'na') {
    if (!item.allow_na) return 'This item cannot be marked not applicable';
    if (!answer.na_reason?.trim()) return 'Say why it does not apply';
    return null;
  }
  let problem: string | null = null;
  switch (item.kind) {
    case 'pass_fail':
      if (value !== 'pass' && value !== 'fail') return 'Choose pass or fail';
      break;
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) return 'Enter a number';
      if (item.is_odometer && (!Number.isInteger(number) || number < 0)) return 'Enter the odometer in whole miles';
      break;
    }
    case 'choice':
      if (typeof value !== 'string' || !item.options?.includes(value)) return 'Choose one of the options';
      break;
    case 'text':
      if (typeof value !== 'string') return 'Enter text';
      break;
    case 'photo':
    case 'signature':
      if (typeof value !== 'string' || !STORED_ID.test(value)) return item.kind === 'photo' ? 'Attach a photo' : 'Sign here';
      break;
  }
  if (answerFails(item, answer)) {
    // The server checks the note, then the photo; the later message wins, as there.
    if (noteRequiredOnFail(item) && !answer.note?.trim()) problem = 'Add a note saying what is wrong';
    if (item.photo_required_on_fail && !answer.photo_ids?.length) problem = 'Add a photo of the problem';
  }
  return problem;
}

/** Every item's problem, keyed by item id (the server keys the same messages `answers.<item id>`). */
export function answerProblems(sections: TemplateSection[], answers: Answers): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const item of itemsOf(sections)) {
    const problem = itemProblem(item, answers[item.id]);
    if (problem) problems[item.id] = problem;
  }
  return problems;
}

/** The server's field errors (`answers.<item id>`) by item id; anything else under `other`. */
export function serverProblems(fields: Readonly<Record<string, string>>): { byItem: Record<string, string>; other: string[] } {
  const byItem: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    if (path.startsWith('answers.')) byItem[path.slice('answers.'.length)] = message;
    else other.push(message);
  }
  return { byItem, other };
}

/**
 * The answers as the server takes them: only items of this template, in its order, without empty
 * notes or reasons (an empty note on a number out of range would hide the reading the server writes).
 */
export function answersToSend(sections: TemplateSection[], answers: Answers): Answer[] {
  const sent: Answer[] = [];
  for (const item of itemsOf(sections)) {
    const answer = answers[item.id];
    if (!answer || isEmptyAnswer(answer)) continue;
    const clean: Answer = { item_id: item.id, value: answer.value };
    if (answer.note?.trim()) clean.note = answer.note.trim();
    if (answer.value === 'na' && answer.na_reason?.trim()) clean.na_reason = answer.na_reason.trim();
    if (answer.photo_ids?.length) clean.photo_ids = answer.photo_ids;
    sent.push(clean);
  }
  return sent;
}

/** How many items of a section are answered, for the section's progress line. */
export function sectionProgress(section: TemplateSection, answers: Answers): { answered: number; total: number } {
  return { answered: section.items.filter((item) => !isEmptyAnswer(answers[item.id])).length, total: section.items.length };
}

/** The range and unit of a number item, as shown beside it: "25–100 %", "at least 0 mi". */
export function rangeLabel(item: TemplateItem): string | null {
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.is_odometer) return item.unit ? `Whole ${item.unit === 'mi' ? 'miles' : item.unit}` : 'Whole number';
  if (item.min !== undefined && item.max !== undefined) return `${item.min}–${item.max}${unit}`;
  if (item.min !== undefined) return `At least ${item.min}${unit}`;
  if (item.max !== undefined) return `At most ${item.max}${unit}`;
  return item.unit ? `In ${item.unit}` : null;
}
