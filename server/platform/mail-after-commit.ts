import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The agencies whose outbox a request wrote to. The endpoint wrapper (endpoints.ts) opens one per
 * request and, once the handler is done (its transaction committed or rolled back), hands each
 * agency to the mailer; use cases only queue mail, they never send it.
 */
export const queuedMail = new AsyncLocalStorage<Set<string>>();

/** Called by the mailer when a message is queued. False outside a request (jobs, scripts), which deliver themselves. */
export function noteMailQueued(agencyId: string): boolean {
  const store = queuedMail.getStore();
  store?.add(agencyId);
  return store !== undefined;
}

/**
 * Runs `task` (a request's handler, or work done after its answer) noting the agencies it queues
 * mail for, then hands each to `deliver`, whether the task succeeded or not (its transaction has
 * committed or rolled back by then, so only committed mail is found).
 */
export async function deliveringQueuedMail<T>(deliver: (agencyId: string) => void, task: () => Promise<T>): Promise<T> {
  const agencies = new Set<string>();
  try {
    return await queuedMail.run(agencies, task);
  } finally {
    for (const agencyId of agencies) deliver(agencyId);
  }
}
