import type { HttpMethod } from '../../../core/endpoints.ts';
import { ApiError, isApiError } from '../api-error.ts';
import { KeptPhotoMissingError } from './kept-photo-rules.ts';

/**
 * The outbox's rules, without storage or network (outbox.ts applies them): what an item is, whose it
 * is, in which order items go, and what a failed send means for an item.
 */

/** Waiting: to be sent when the connection is back. Rejected: the server refused it; it stays until discarded. */
export type OutboxState = 'waiting' | 'rejected';

/** A create the device keeps until the server has it (IndexedDB, outbox-store.ts). */
export type OutboxItem = {
  id: string;
  /** The entry of the endpoint table it calls (`fleet.submitSquadCheck`, core/contracts/<module>.ts). */
  endpoint: string;
  method: HttpMethod;
  /** The entry's URL with its parameters filled in. */
  url: string;
  params: Record<string, string | number> | null;
  body: unknown;
  /** Sent with every attempt: the server replays its first answer, so the create happens once. */
  idempotency_key: string;
  /** Who made it: sent only with this user's session. */
  user_id: string;
  created_at: string;
  /** What the officer sees in the outbox ("Squad check of unit P-417"). */
  summary: string;
  state: OutboxState;
  /** The server's refusal (rejected), or why the last attempt did not go through (waiting). */
  message: string | null;
  /** A refusal's messages by field (`answers.siren`), shown beside the fields when the item is opened in its form. */
  fields: Record<string, string>;
  attempts: number;
  /**
   * Where its form opens with what was typed (`/fleet/squadcheck?vehicle_id=…`; the form reads
   * `?outbox=<id>`), to fix a refused item and send it again. Absent on items kept before forms could reopen them.
   */
  form_path?: string;
  /**
   * The local ids of the photos kept on the device (kept-photo-store.ts) that its body referred to when
   * it was kept: each is uploaded, and its stored id put in the body, before the request goes; they are
   * deleted from the device once it is sent or discarded. Absent when it had none.
   */
  kept_photos?: string[];
};

/** Why an item was refused, in the server's most precise words: its messages about fields when it gave some ("The odometer already reads …"), else its message. */
export function refusalMessage(item: Pick<OutboxItem, 'message' | 'fields'>): string {
  const fieldMessages = Object.values(item.fields);
  if (fieldMessages.length > 0) return fieldMessages.join(' ');
  return item.message ?? 'The server refused it.';
}

/** The address that opens a refused item in its form: its form path with `outbox=<item id>`. */
export function fixPath(item: Pick<OutboxItem, 'id' | 'form_path'>): string | null {
  if (!item.form_path) return null;
  const [path = '', query = ''] = item.form_path.split('?', 2);
  const search = new URLSearchParams(query);
  search.set('outbox', item.id);
  return `${path}?${search.toString()}`;
}

/** The item a form was opened to fix: the signed-in user's own, and refused (a waiting one is still to be sent as it is). */
export function refusedItemFor(item: OutboxItem | undefined, userId: string | null): OutboxItem | null {
  if (!item || !userId || item.user_id !== userId || item.state !== 'rejected') return null;
  return item;
}

/** The user's items, oldest first: the order they were made in is the order they are sent in. */
export function itemsOfUser(items: readonly OutboxItem[], userId: string | null): OutboxItem[] {
  if (!userId) return [];
  return items
    .filter((item) => item.user_id === userId)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The user's items still to be sent, in order. */
export function waitingItems(items: readonly OutboxItem[], userId: string | null): OutboxItem[] {
  return itemsOfUser(items, userId).filter((item) => item.state === 'waiting');
}

/**
 * What a failed send means:
 *  - 'stop': no answer (offline), the session ended (401), the server is busy or failing (408, 429,
 *    5xx), or an earlier attempt with the same key is still running (409 from the idempotency check):
 *    the item waits and nothing after it is tried now;
 *  - 'reject': the server refused the request itself (400, 403, 404, 409, 412, 422, …): sending it
 *    again would be refused again, so it stays in the outbox with the message, and the next item goes.
 */
export function failureOutcome(error: unknown): 'stop' | 'reject' {
  // A kept photo it needs is gone from the device: sending it again would find it gone again.
  if (error instanceof KeptPhotoMissingError) return 'reject';
  if (!isApiError(error)) return 'stop';
  const { status } = error;
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return 'stop';
  // The first send with this key is still running on the server, or the session waits for its second
  // factor (the outbox flushes on sign-in, which may come before the factor): neither refuses the item.
  if (error.code === 'idempotency_in_progress' || error.code === 'insufficient_aal') return 'stop';
  return status >= 400 ? 'reject' : 'stop';
}

/**
 * The server's refusal of a kept photo's upload (too large, not an image) as the refusal of the request
 * it belongs to, in words that say it was the photo; any other failure as it is (no answer: the request waits).
 */
export function photoUploadFailure(error: unknown): unknown {
  if (!isApiError(error) || failureOutcome(error) !== 'reject') return error;
  return new ApiError(
    error.status,
    { message: `A photo was not accepted: ${error.message}`, details: error.details, hint: error.hint, code: error.code, fields: {} },
    { cause: error },
  );
}

/** Of these kept photos, the ones no item of the outbox refers to any more (they can be deleted from the device). */
export function photosNoItemKeeps(photoIds: readonly string[], items: readonly OutboxItem[]): string[] {
  const kept = new Set(items.flatMap((item) => item.kept_photos ?? []));
  return photoIds.filter((id) => !kept.has(id));
}

/** The outbox button's words: "2 waiting to send", "1 not sent", or both. */
export function outboxLabel(items: readonly OutboxItem[]): string {
  const waiting = items.filter((item) => item.state === 'waiting').length;
  const rejected = items.length - waiting;
  const parts = [];
  if (waiting > 0) parts.push(`${waiting} waiting to send`);
  if (rejected > 0) parts.push(`${rejected} not sent`);
  return parts.join(', ');
}
