import type { Answer, TemplateItem, TemplateSection } from '../contracts/fleet.ts';
import { isUuid } from '../ids.ts';
import { ODOMETER_MAX, odometerBackwardsMessage } from './odometer.ts';

/**
 * The squad check's answer rules, written once: the server refuses a check with these field errors
 * (keyed `answers.<item id>`), and the officer's form shows the same words beside each item before
 * sending (web/fleet/squad-check-answers.ts).
 */

/** A failed item as a submission records it: the label says what failed, the note what the officer saw. */
export interface FailedItem {
  item_id: string;
  label: string;
  critical: boolean;
  note: string | null;
}

/** What the answers are checked against besides the template: the vehicle's odometer now. */
export interface CheckedVehicle {
  odometer: number;
}

/** What one item's answer comes to: what is wrong with it, whether it is a failure, the odometer it reads. */
interface ItemResult {
  problem: string | null;
  failure: FailedItem | null;
  odometer: number | null;
}

const FINE: ItemResult = { problem: null, failure: null, odometer: null };
const problem = (message: string | null): ItemResult => ({ problem: message, failure: null, odometer: null });

export function isEmptyAnswer(answer: Answer | undefined): boolean {
  return !answer || answer.value === null || answer.value === '';
}

/** The highest reading an odometer item takes: its own maximum, never above ODOMETER_MAX. */
export function odometerCeiling(item: TemplateItem): number {
  return Math.min(item.max ?? ODOMETER_MAX, ODOMETER_MAX);
}

/**
 * Whether a failure of this item must carry a note. A number out of range never needs one: without
 * a note, its reading is recorded as the note.
 */
export function noteRequiredOnFail(item: TemplateItem): boolean {
  return item.note_required_on_fail !== false && item.kind !== 'number';
}

/** A failure, and what it still lacks: a note (unless the item waives it), then a photo where the item asks for one. */
function failure(item: TemplateItem, answer: Answer, detail?: string): ItemResult {
  let message: string | null = null;
  if (item.note_required_on_fail !== false && !answer.note?.trim()) message = 'Add a note saying what is wrong';
  if (item.photo_required_on_fail && !answer.photo_ids?.length) message = 'Add a photo of the problem';
  return {
    problem: message,
    failure: {
      item_id: item.id,
      label: detail ? `${item.label}: ${detail}` : item.label,
      critical: item.critical ?? false,
      note: answer.note?.trim() || null,
    },
    odometer: null,
  };
}

function checkItem(item: TemplateItem, answer: Answer | undefined, vehicle: CheckedVehicle | undefined): ItemResult {
  if (!answer || isEmptyAnswer(answer)) return problem(item.required !== false ? 'Answer this item' : null);
  const value = answer.value;
  if (value === 'na') {
    if (!item.allow_na) return problem('This item cannot be marked not applicable');
    return problem(answer.na_reason?.trim() ? null : 'Say why it does not apply');
  }
  switch (item.kind) {
    case 'pass_fail':
      if (value !== 'pass' && value !== 'fail') return problem('Choose pass or fail');
      return value === 'fail' ? failure(item, answer) : FINE;
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) return problem('Enter a number');
      if (item.is_odometer) {
        if (!Number.isInteger(number) || number < 0) return problem('Enter the odometer in whole miles');
        if (number > odometerCeiling(item)) return problem('That odometer reading is not plausible; check it');
        if (vehicle && number < vehicle.odometer) return problem(odometerBackwardsMessage(vehicle.odometer));
        return { ...FINE, odometer: number };
      }
      if ((item.min !== undefined && number < item.min) || (item.max !== undefined && number > item.max)) {
        const reading = `${number}${item.unit ? ` ${item.unit}` : ''}`;
        return failure(
          item,
          { ...answer, note: answer.note ?? `Reading ${reading}` },
          `${reading} (expected ${item.min ?? '…'}–${item.max ?? '…'})`,
        );
      }
      return FINE;
    }
    case 'choice':
      if (typeof value !== 'string' || !item.options?.includes(value)) return problem('Choose one of the options');
      return item.failing_options?.includes(value) ? failure(item, answer, value) : FINE;
    case 'text':
      return problem(typeof value !== 'string' ? 'Enter text' : null);
    case 'photo':
    case 'signature':
      return problem(isUuid(value) ? null : item.kind === 'photo' ? 'Attach a photo' : 'Sign here');
  }
}

/** What is wrong with one item's answer, as the server words it; null when it may be sent. */
export function itemProblem(item: TemplateItem, answer: Answer | undefined, vehicle?: CheckedVehicle): string | null {
  return checkItem(item, answer, vehicle).problem;
}

/** Whether this answer makes the item a failure (a fail, a number out of range, a failing option). */
export function answerFails(item: TemplateItem, answer: Answer | undefined): boolean {
  return checkItem(item, answer, undefined).failure !== null;
}

/**
 * Checks a squad check's answers against its template, item by item: what is missing or malformed
 * (field errors, keyed `answers.<item id>`), what failed, and the odometer reading. Given the
 * vehicle, a reading below its odometer is refused too (the server leaves that to recording the
 * reading, which also sees readings that arrive at the same time).
 */
export function evaluateAnswers(sections: TemplateSection[], answers: Answer[], vehicle?: CheckedVehicle) {
  const errors: Record<string, string> = {};
  const failed: FailedItem[] = [];
  let odometer: number | null = null;
  const items = sections.flatMap((section) => section.items);
  const byId = new Map(answers.map((answer) => [answer.item_id, answer]));
  for (const item of items) {
    const result = checkItem(item, byId.get(item.id), vehicle);
    if (result.problem) errors[`answers.${item.id}`] = result.problem;
    if (result.failure) failed.push(result.failure);
    if (result.odometer !== null) odometer = result.odometer;
  }
  // Answers to items the template does not have mean the form is out of date.
  for (const answer of answers)
    if (!items.some((item) => item.id === answer.item_id)) errors[`answers.${answer.item_id}`] = 'This item is not on the form; reload it';
  return { errors, failed, odometer };
}
