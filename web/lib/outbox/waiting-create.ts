import type { BodyIn } from '../../../core/endpoints.ts';
import { enqueue, replaceableItem, useOutbox, type QueueableEndpoint } from './outbox.ts';
import type { OutboxItem } from './outbox-rules.ts';

/**
 * A record started without a connection (a DOR, a report): its create waits in the outbox under an id
 * chosen on the device (`body.id`), so its page opens under that id before the server has it, and what
 * is written meanwhile replaces the waiting create (keepWaitingCreate) until it is sent.
 */

export type WaitingCreate<E extends QueueableEndpoint> = { item: OutboxItem; input: BodyIn<E>; sending: boolean };

function nameOf(endpoint: QueueableEndpoint): string {
  return `${endpoint.api}.${endpoint.name}`;
}

function isCreateOf(endpoint: QueueableEndpoint, id: string) {
  const name = nameOf(endpoint);
  return (item: OutboxItem) => item.endpoint === name && (item.body as { id?: unknown } | null)?.id === id;
}

/** The signed-in user's create of the record with this id that waits in the outbox, or was refused when sent; null when there is none. */
export function useWaitingCreate<E extends QueueableEndpoint>(endpoint: E, id: string): WaitingCreate<E> | null {
  const { items, sendingId } = useOutbox();
  const item = items.find(isCreateOf(endpoint, id));
  return item ? { item, input: item.body as BodyIn<E>, sending: sendingId === item.id } : null;
}

/** The signed-in user's waiting creates of an endpoint that `matches` picks (e.g. the DORs of one binder). */
export function useWaitingCreates(endpoint: QueueableEndpoint, matches: (item: OutboxItem) => boolean = () => true): OutboxItem[] {
  const { items } = useOutbox();
  const name = nameOf(endpoint);
  return items.filter((item) => item.endpoint === name && matches(item));
}

/**
 * Keeps what was written in a waiting record, in place of its outbox item. A new key: should the earlier
 * item have reached the server meanwhile, the server refuses this one (the id is taken) rather than
 * replaying the earlier answer as if this had been sent.
 */
export async function keepWaitingCreate<E extends QueueableEndpoint>(
  endpoint: E,
  id: string,
  input: BodyIn<E>,
  what: string,
): Promise<void> {
  const item = await replaceableItem(isCreateOf(endpoint, id));
  if (!item) throw new Error(`the ${what} is reaching the server right now; it opens from there in a moment`);
  await enqueue(endpoint, { params: item.params ?? {}, body: input, idempotencyKey: crypto.randomUUID() }, item.summary, null, {
    ...(item.form_path ? { formPath: item.form_path } : {}),
    replaces: item.id,
  });
}
