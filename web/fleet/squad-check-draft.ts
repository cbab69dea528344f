import * as z from 'zod/mini';
import { Answer, type TemplateSection } from '../../core/contracts/fleet.ts';
import { keptPhotoIdsIn, parseKeptBody } from '../lib/outbox/kept-photo-rules.ts';
import { itemsOf, type Answers } from './squad-check-answers.ts';

/**
 * The squad check's draft kept in the browser as well as on the server, so that a reload or a lost
 * connection loses nothing: every change is written to localStorage at once, and to the server a
 * couple of seconds later. On opening, the two are merged (the newer answer of each item wins).
 */

/**
 * The answers the server's draft is given: an answer with a photo or a signature kept on this device
 * (not uploaded yet) stays in the device's draft only. The server would refuse its local id, and no
 * other device could show it; since the server's draft then lacks the item, restoreDraft keeps the
 * device's answer. The squad check itself uploads the photo when it is sent.
 */
export function answersForServerDraft(answers: Answer[]): Answer[] {
  return answers.filter((answer) => keptPhotoIdsIn(answer).length === 0);
}

export const LocalDraft = z.object({
  template_version_id: z.string(),
  /** When the officer last changed an answer (ISO). */
  changed_at: z.string(),
  /** When the server last confirmed a save of these answers (ISO), or null. */
  server_saved_at: z.nullable(z.string()),
  answers: z.array(Answer),
});
export type LocalDraft = z.infer<typeof LocalDraft>;

export type ServerDraft = { answers: Answer[]; saved_at: string } | null;

export function localDraftKey(userId: string, vehicleId: string): string {
  return `precinct.fleet.squad-check.${userId}.${vehicleId}`;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readLocalDraft(storage: Storage, key: string): LocalDraft | null {
  try {
    const text = storage.getItem(key);
    if (!text) return null;
    // Its answers may hold photos kept on this device (local ids where the contract asks for stored ones).
    return parseKeptBody(LocalDraft, JSON.parse(text));
  } catch {
    return null;
  }
}

export function writeLocalDraft(storage: Storage, key: string, draft: LocalDraft): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the server draft still holds the answers.
  }
}

export function removeLocalDraft(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export type RestoredDraft = {
  answers: Answers;
  /** Where the answers came from, for the line saying so. */
  source: 'none' | 'server' | 'device' | 'both';
  /** When the answers were last saved anywhere (ISO), or null for a fresh form. */
  saved_at: string | null;
  /** Whether the device holds changes the server has not confirmed (they are sent again at once). */
  unsent: boolean;
};

/**
 * The answers to start from: the server's draft and the device's, merged. A device draft of another
 * template version is dropped (the form changed under it), as the server drops its own. When the
 * device changed after the server's save, its answers win item by item; items only one side has are
 * kept. Answers to items no longer on the form are dropped.
 */
export function restoreDraft(
  sections: TemplateSection[],
  templateVersionId: string,
  server: ServerDraft,
  local: LocalDraft | null,
): RestoredDraft {
  const onForm = new Set(itemsOf(sections).map((item) => item.id));
  const device = local && local.template_version_id === templateVersionId ? local : null;
  const byId = (answers: Answer[]): Answers => Object.fromEntries(answers.filter((a) => onForm.has(a.item_id)).map((a) => [a.item_id, a]));
  if (!server && !device) return { answers: {}, source: 'none', saved_at: null, unsent: false };
  if (!device) return { answers: byId(server!.answers), source: 'server', saved_at: server!.saved_at, unsent: false };
  if (!server) return { answers: byId(device.answers), source: 'device', saved_at: device.changed_at, unsent: true };
  const deviceNewer = Date.parse(device.changed_at) > Date.parse(server.saved_at);
  const [older, newer] = deviceNewer ? [server.answers, device.answers] : [device.answers, server.answers];
  return {
    answers: { ...byId(older), ...byId(newer) },
    source: 'both',
    saved_at: deviceNewer ? device.changed_at : server.saved_at,
    unsent: deviceNewer,
  };
}
