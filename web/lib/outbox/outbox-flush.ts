import { errorMessage, isApiError } from '../api-error.ts';
import { keptPhotoIdsIn, replaceKeptPhotoIds } from './kept-photo-rules.ts';
import { failureOutcome, photoUploadFailure, waitingItems, type OutboxItem } from './outbox-rules.ts';

/**
 * One pass over the signed-in user's waiting items, oldest first, one at a time: a sent item leaves
 * the outbox, a refused one stays as rejected with the server's message, and a send that got no
 * answer (or a busy server, or an ended session) stops the pass with the item still waiting. Before
 * each send the signed-in user is checked again, so an item never goes with someone else's session.
 * An item whose body refers to photos kept on the device uploads them first, one at a time, and is
 * kept with each stored id in place of the local one before the next step (a pass cut short uploads
 * nothing twice); the photos leave the device once the item is sent. Storage and network are given
 * (outbox.ts), so the rules run in a unit test.
 */
export type FlushDependencies = {
  all: () => Promise<OutboxItem[]>;
  /** The signed-in user now (null when signed out). */
  currentUserId: () => string | null;
  /** Sends the item with the session of `item.user_id`; throws ApiError when it fails. */
  send: (item: OutboxItem) => Promise<void>;
  remove: (id: string) => Promise<void>;
  put: (item: OutboxItem) => Promise<void>;
  /**
   * Uploads a kept photo the item refers to (its local id) with the session of `item.user_id`, and
   * answers the stored file's id; throws ApiError when it fails, KeptPhotoMissingError when it is gone.
   */
  uploadPhoto: (item: OutboxItem, keptId: string) => Promise<string>;
  /** Deletes from the device the kept photos of an item that left the outbox (those no other item refers to). */
  forgetPhotos: (item: OutboxItem) => Promise<void>;
  /** The item being sent now, or null when the pass is done. */
  onSending?: (id: string | null) => void;
};

export type FlushResult = { sent: OutboxItem[]; rejected: OutboxItem[]; stopped: boolean };

export async function flushWaitingItems(dependencies: FlushDependencies): Promise<FlushResult> {
  const result: FlushResult = { sent: [], rejected: [], stopped: false };
  const userId = dependencies.currentUserId();
  const queue = waitingItems(await dependencies.all(), userId);
  try {
    for (const item of queue) {
      if (dependencies.currentUserId() !== item.user_id) {
        result.stopped = true;
        break;
      }
      dependencies.onSending?.(item.id);
      // The item as it is now: with the stored ids of the photos uploaded so far.
      let current = item;
      try {
        for (const keptId of keptPhotoIdsIn(item.body)) {
          const storedId = await dependencies.uploadPhoto(item, keptId).catch((error: unknown) => {
            throw photoUploadFailure(error);
          });
          current = { ...current, body: replaceKeptPhotoIds(current.body, { [keptId]: storedId }) };
          await dependencies.put(current);
        }
        await dependencies.send(current);
      } catch (error) {
        const outcome = failureOutcome(error);
        const failed: OutboxItem = {
          ...current,
          attempts: item.attempts + 1,
          message: errorMessage(error),
          fields: outcome === 'reject' && isApiError(error) ? { ...error.fields } : item.fields,
          state: outcome === 'reject' ? 'rejected' : 'waiting',
        };
        await dependencies.put(failed);
        if (outcome === 'reject') {
          result.rejected.push(failed);
          continue;
        }
        result.stopped = true;
        break;
      }
      await dependencies.remove(item.id);
      await dependencies.forgetPhotos(current);
      result.sent.push(current);
    }
  } finally {
    dependencies.onSending?.(null);
  }
  return result;
}
