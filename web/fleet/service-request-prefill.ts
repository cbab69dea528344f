import type { SquadCheckSubmission } from '../../core/contracts/fleet.ts';
import { isUuid } from '../../core/ids.ts';

/**
 * A service request pre-filled from a failed squad-check item: the search parameters of
 * /fleet/request that carry it, and how the form reads them back.
 */

export type RequestPrefill = {
  vehicle_id?: string;
  category?: string;
  description?: string;
  drivable?: 'yes' | 'no';
  squad_check_id?: string;
  squad_check_item_id?: string;
};

export const PREFILL_KEYS = ['vehicle_id', 'category', 'description', 'drivable', 'squad_check_id', 'squad_check_item_id'] as const;

/** Words in an item's id or label that point to a service category (the police defaults' keys). */
const CATEGORY_HINTS: { category: string; words: RegExp }[] = [
  { category: 'tires', words: /\b(tires?|tyres?|tread|pressure)\b/i },
  { category: 'brakes', words: /\bbrakes?\b/i },
  { category: 'emergency_equipment', words: /\b(light ?bar|lights?|siren|radio|pa|camera|emergency)\b/i },
  { category: 'body_damage', words: /\b(body|damage|dent|scratch|windshield|mirror)\b/i },
  { category: 'oil_change', words: /\boil\b/i },
  { category: 'electrical', words: /\b(electrical|battery|charger|wiring|fuse|mdt|computer)\b/i },
];

/** The category a failed item most likely belongs to, among the agency's categories; `other` (or none) otherwise. */
export function guessCategory(item: { item_id: string; label: string }, categories: { key: string }[]): string | undefined {
  const keys = new Set(categories.map((c) => c.key));
  const text = `${item.item_id.replace(/_/g, ' ')} ${item.label}`;
  const hint = CATEGORY_HINTS.find((h) => keys.has(h.category) && h.words.test(text));
  if (hint) return hint.category;
  return keys.has('other') ? 'other' : undefined;
}

/** The description of a request raised from a failed item: its label and the officer's note. */
export function describeFailure(item: { label: string; note: string | null }): string {
  const note = item.note?.trim();
  return (note ? `${item.label}: ${note}` : `${item.label}: failed the squad check`).slice(0, 4000);
}

/** The /fleet/request search parameters for one failed item of a submitted check. */
export function prefillFromFailedItem(
  submission: Pick<SquadCheckSubmission, 'id' | 'vehicle_id'>,
  item: SquadCheckSubmission['failed_items'][number],
  categories: { key: string }[],
): RequestPrefill {
  const prefill: RequestPrefill = {
    vehicle_id: submission.vehicle_id,
    description: describeFailure(item),
    squad_check_id: submission.id,
    squad_check_item_id: item.item_id,
  };
  const category = guessCategory(item, categories);
  if (category) prefill.category = category;
  return prefill;
}

/** Reads the search parameters back, keeping only well-formed values. */
export function readPrefill(search: Record<string, unknown>): RequestPrefill {
  const text = (key: string, max: number) => {
    const value = search[key];
    return typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : undefined;
  };
  const prefill: RequestPrefill = {};
  const vehicle = text('vehicle_id', 36);
  if (isUuid(vehicle)) prefill.vehicle_id = vehicle;
  const category = text('category', 40);
  if (category && /^[a-z0-9_]+$/.test(category)) prefill.category = category;
  const description = text('description', 4000);
  if (description) prefill.description = description;
  const drivable = text('drivable', 3);
  if (drivable === 'yes' || drivable === 'no') prefill.drivable = drivable;
  const check = text('squad_check_id', 36);
  if (isUuid(check)) prefill.squad_check_id = check;
  const item = text('squad_check_item_id', 40);
  if (item && prefill.squad_check_id) prefill.squad_check_item_id = item;
  return prefill;
}
