import { ChunkLoadError, isChunkLoadError } from '../chunk-reload.ts';
import type { sendOrQueue } from './outbox.ts';

// The outbox's code (IndexedDB's wrapper, the kept photos, the flush: about 6 kB gz) starts loading as
// soon as the screen's own code has run, beside it rather than before it: it is not needed to draw the
// screen, and it is here well before the first write. The service worker keeps it for offline use.
const outbox = import('./outbox.ts');
// A failed load is the first write's to report (`sendOrQueueLater` then loads it again).
outbox.catch(() => undefined);

/**
 * `sendOrQueue` (outbox.ts) for screens whose first view only reads: the same send, or the same
 * keeping on the device, with the outbox's code loaded beside the screen instead of with it.
 */
export const sendOrQueueLater: typeof sendOrQueue = async (...call) => {
  // Loaded again if the first load failed; still failing, the form keeps what was typed and says so
  // (no reload here: that would lose it).
  const loaded = await outbox
    .catch(() => import('./outbox.ts'))
    .catch((error: unknown) => {
      throw isChunkLoadError(error) ? new ChunkLoadError(error) : error;
    });
  return loaded.sendOrQueue(...call);
};
