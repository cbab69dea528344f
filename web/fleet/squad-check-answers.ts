import type { Answer, TemplateItem, TemplateSection } from '../../core/contracts/fleet.ts';
import { evaluateAnswers, isEmptyAnswer, type CheckedVehicle } from '../../core/fleet/squad-check-rules.ts';
import { asIfUploaded } from '../lib/outbox/kept-photo-rules.ts';

/**
 * The squad check form's answers: held by item id while the form is filled, checked with the
 * server's own rules (core/fleet/squad-check-rules.ts) so the officer sees the same words before
 * sending as the server would answer after, and cleaned into what is sent.
 */

export type Answers = Record<string, Answer>;

export function itemsOf(sections: TemplateSection[]): TemplateItem[] {
  return sections.flatMap((section) => section.items);
}

/**
 * Every item's problem, keyed by item id (the server keys the same messages `answers.<item id>`):
 * the rules run on the answers as they would be sent (a photo kept on the device as the stored one it
 * will be by then), against the vehicle's odometer when known.
 */
export function answerProblems(sections: TemplateSection[], answers: Answers, vehicle?: CheckedVehicle): Record<string, string> {
  return serverProblems(evaluateAnswers(sections, asIfUploaded(answersToSend(sections, answers)), vehicle).errors).byItem;
}

/** Sent answers (a refused check from the outbox) by item id, keeping only the items this form still has. */
export function answersOnForm(sections: TemplateSection[], sent: readonly Answer[]): Answers {
  const onForm = new Set(itemsOf(sections).map((item) => item.id));
  return Object.fromEntries(sent.filter((answer) => onForm.has(answer.item_id)).map((answer) => [answer.item_id, answer]));
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
