import { useEffect, useState, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { fillPath, type Answer, type BodyIn, type Endpoint } from '../../../core/endpoints.ts';
import { apiRequest, currentAccessToken } from '../api-client.ts';
import { ApiError, isApiError, NETWORK_ERROR_CODE } from '../api-error.ts';
import { getAuthState, subscribeAuth } from '../session/session.ts';
import { keptPhotoIdsIn, replaceKeptPhotoIds } from './kept-photo-rules.ts';
import { forgetKeptPhotos, forgetUnsentFormPhotos, uploadKeptPhoto } from './kept-photos.ts';
import { flushWaitingItems, type FlushResult } from './outbox-flush.ts';
import { itemsOfUser, photoUploadFailure, refusedItemFor, type OutboxItem } from './outbox-rules.ts';
import { outboxStore } from './outbox-store.ts';

/**
 * The offline outbox: one mechanism every form's create can use (docs/decisions/014-offline.md).
 *
 *   const outcome = await sendOrQueue(fleetApi.submitSquadCheck, { body: input, idempotencyKey }, 'Squad check of unit P-417',
 *     { formPath: `/fleet/squadcheck?vehicle_id=${id}` });
 *   if (outcome.kind === 'queued') … "Saved on this device; it will be sent when you are back online"
 *
 * A refused item opens in its form (`formPath` with `?outbox=<id>`; useRefusedItem reads it) with what
 * was typed and the server's messages; the form sends the fixed request with `replaces: item.id`,
 * and the refused item leaves the outbox once the new one is sent or waits in its place.
 *
 * A body may refer to photos kept on the device (their local ids, kept-photos.ts): they are uploaded
 * before the request goes, now or when it waits, and their stored ids put in its body.
 *
 * Offline, or when the send gets no answer, the request (its endpoint, parameters, body and
 * Idempotency-Key, the user who made it and when) is kept in IndexedDB and shown in the header's
 * outbox; it is sent, in order and with the same key (so the server creates it once), when the
 * connection comes back, when the app starts and every 30 s while items wait, and only with the
 * session of the user who made it. Only idempotent creates can wait: a resend must be safe.
 */

export type SendOutcome<T> = { kind: 'sent'; answer: T } | { kind: 'queued'; item: OutboxItem };

/** Endpoints whose resend the server replays: creates with an Idempotency-Key (core/endpoints.ts). */
export type QueueableEndpoint = Endpoint & { idempotent: true; method: 'POST' | 'PUT' | 'PATCH' };

/** While items wait, a pass is tried this often (the `online` event does not come when only the server was unreachable). */
const RETRY_INTERVAL_MS = 30_000;
const FLUSH_LOCK = 'precinct-outbox-flush';
/** Tells the other tabs of this browser that the outbox changed. */
const CHANNEL = 'precinct-outbox';

type Snapshot = { items: readonly OutboxItem[]; sendingId: string | null };

let snapshot: Snapshot = { items: [], sendingId: null };
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function publish(next: Partial<Snapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

/** Counts the reads of the device, so that a slow earlier read never replaces what a later one found. */
let reads = 0;

/** Reads the items again from the device (after a change here or in another tab). */
async function reload(): Promise<void> {
  const read = ++reads;
  const items = await outboxStore.all();
  if (read === reads) publish({ items });
}

async function changed(): Promise<void> {
  await reload();
  channel?.postMessage('changed');
}

/** The signed-in user's items and which one is being sent, for the header and the outbox panel. */
export function useOutbox(): { items: OutboxItem[]; sendingId: string | null } {
  const current = useSyncExternalStore(subscribe, () => snapshot);
  const userId = useSyncExternalStore(subscribeAuth, () => getAuthState().session?.user.id ?? null);
  return { items: itemsOfUser(current.items, userId), sendingId: current.sendingId };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many of this user's items have not reached the server (waiting or refused): sign-out asks first when there are any. */
export async function unsentCount(userId: string): Promise<number> {
  return (await outboxStore.ofUser(userId)).length;
}

function signedInUserId(): string | null {
  return getAuthState().session?.user.id ?? null;
}

/** How a form describes what it sends: where it opens again to be fixed, and the refused item it replaces. */
export type QueueOptions = { formPath?: string; replaces?: string };

/** Takes an item out of the outbox, and from the device the kept photos only it referred to. */
async function removeItem(id: string): Promise<void> {
  const item = await outboxStore.get(id);
  await outboxStore.remove(id);
  await forgetKeptPhotos(item?.kept_photos ?? []).catch(() => undefined);
}

type QueuedCall = { params?: Record<string, string | number>; body: unknown; idempotencyKey: string };

/** Keeps a request in the outbox for the signed-in user (with the kept photos its body refers to). */
export function enqueue(
  endpoint: QueueableEndpoint,
  call: QueuedCall,
  summary: string,
  message: string | null = null,
  options: QueueOptions = {},
): Promise<OutboxItem> {
  return keepItem(endpoint, call, summary, message, options, keptPhotoIdsIn(call.body));
}

/** Keeps a request in the outbox; `keptPhotos` are deleted from the device once it is sent or discarded. */
async function keepItem(
  endpoint: QueueableEndpoint,
  call: QueuedCall,
  summary: string,
  message: string | null,
  options: QueueOptions,
  keptPhotos: string[],
): Promise<OutboxItem> {
  const userId = signedInUserId();
  if (!userId) throw new Error('Only a signed-in user’s requests can wait in the outbox');
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    endpoint: `${endpoint.api}.${endpoint.name}`,
    method: endpoint.method,
    url: fillPath(endpoint.url, call.params),
    params: call.params ?? null,
    body: call.body,
    idempotency_key: call.idempotencyKey,
    user_id: userId,
    created_at: new Date().toISOString(),
    summary,
    state: 'waiting',
    message,
    fields: {},
    attempts: 0,
    ...(options.formPath ? { form_path: options.formPath } : {}),
    ...(keptPhotos.length > 0 ? { kept_photos: keptPhotos } : {}),
  };
  await outboxStore.put(item);
  if (options.replaces) await removeItem(options.replaces);
  await changed();
  return item;
}

/**
 * The signed-in user's item a form may replace (a draft kept in the outbox as it is written): the one
 * `matches` picks, read from the device now, unless it is being sent this moment; null otherwise.
 */
export async function replaceableItem(matches: (item: OutboxItem) => boolean): Promise<OutboxItem | null> {
  const userId = signedInUserId();
  if (!userId) return null;
  const item = (await outboxStore.ofUser(userId)).find(matches);
  return item && item.id !== snapshot.sendingId ? item : null;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Sends a create, or keeps it in the outbox when the device is offline or the send gets no answer.
 * The server's refusals (a 400 with its fields, a 409, …) are thrown as they are, for the form to show.
 * `options.formPath` is where a refused item opens to be fixed; `options.replaces` is the refused item
 * this send fixes, which leaves the outbox once this one is sent or kept. Kept photos the body refers
 * to are uploaded first (a refused one is thrown as "A photo was not accepted: …"); when an upload or
 * the send gets no answer, the request waits in the outbox with the stored ids of the photos uploaded
 * so far (so it is sent again with the same body, which the server replays) and the rest kept.
 */
export async function sendOrQueue<E extends QueueableEndpoint>(
  endpoint: E,
  call: { params?: Record<string, string | number>; body: BodyIn<E>; idempotencyKey: string },
  summary: string,
  options: QueueOptions = {},
): Promise<SendOutcome<Answer<E>>> {
  if (isOffline()) return { kind: 'queued', item: await enqueue(endpoint, call, summary, null, options) };
  const keptPhotos = keptPhotoIdsIn(call.body);
  // The body with the stored ids of the photos uploaded so far.
  let body: unknown = call.body;
  try {
    for (const keptId of keptPhotos) {
      const userId = signedInUserId();
      if (!userId) throw new Error('Sign in again to send it');
      const storedId = await uploadKeptPhoto(keptId, { userId }).catch((error: unknown) => {
        throw photoUploadFailure(error);
      });
      body = replaceKeptPhotoIds(body, { [keptId]: storedId });
    }
    const answer = await apiRequest(fillPath(endpoint.url, call.params), {
      method: endpoint.method,
      body: body ?? {},
      headers: { 'idempotency-key': call.idempotencyKey },
      // An idempotent create answers JSON: the record it made, parsed as the contract says.
      schema: endpoint.response as z.core.$ZodType<Answer<E>>,
    });
    if (options.replaces) await discardItem(options.replaces);
    await forgetKeptPhotos(keptPhotos).catch(() => undefined);
    return { kind: 'sent', answer };
  } catch (error) {
    if (!(isApiError(error) && error.code === NETWORK_ERROR_CODE)) throw error;
    // No answer: the server may or may not have it; the outbox resends with the same key, which it replays.
    return { kind: 'queued', item: await keepItem(endpoint, { ...call, body }, summary, error.message, options, keptPhotos) };
  }
}

/**
 * The refused item a form was opened to fix (`?outbox=<id>`, from the outbox panel): the signed-in
 * user's own and refused, read from the device; null when there is none (sent, discarded, someone
 * else's); `loading` until read.
 */
export function useRefusedItem(id: string | null): { loading: boolean; item: OutboxItem | null } {
  const userId = useSyncExternalStore(subscribeAuth, () => getAuthState().session?.user.id ?? null);
  const [read, setRead] = useState<{ id: string; item: OutboxItem | undefined } | null>(null);
  useEffect(() => {
    if (!id) return undefined;
    let current = true;
    outboxStore
      .get(id)
      .catch(() => undefined)
      .then((item) => {
        if (current) setRead({ id, item });
      });
    return () => {
      current = false;
    };
  }, [id]);
  if (!id) return { loading: false, item: null };
  if (read?.id !== id) return { loading: true, item: null };
  return { loading: false, item: refusedItemFor(read.item, userId) };
}

/** The access token of the item's maker, or a 401 when they are not the one signed in (signed out, or someone else is). */
async function authorToken(item: OutboxItem): Promise<string> {
  const token = await currentAccessToken();
  if (!token || signedInUserId() !== item.user_id) {
    throw new ApiError(401, {
      message: 'Waiting for its author to sign in',
      details: null,
      hint: null,
      code: 'not_signed_in',
    });
  }
  return token;
}

/** Sends one item with its maker's session, or fails without sending (signed out, or someone else is signed in). */
async function sendItem(item: OutboxItem): Promise<void> {
  const token = await authorToken(item);
  await apiRequest(item.url, {
    method: item.method,
    body: item.body ?? {},
    headers: { 'idempotency-key': item.idempotency_key, authorization: `Bearer ${token}` },
    auth: false,
    // The app sends it on its own: not the user's activity (CJIS AC-11 counts only what the user does).
    background: true,
    // Nobody reads it: the screens reload from the server after a pass.
    schema: z.unknown(),
  });
}

let running: Promise<void> | null = null;
let again = false;
let onSent: (result: FlushResult) => void = () => undefined;

async function pass(): Promise<void> {
  const result = await flushWaitingItems({
    all: () => outboxStore.all(),
    currentUserId: signedInUserId,
    send: sendItem,
    remove: (id) => outboxStore.remove(id),
    put: (item) => outboxStore.put(item),
    // With its maker's session too, and on the app's own account (not the user's activity).
    uploadPhoto: async (item, keptId) =>
      uploadKeptPhoto(keptId, { userId: item.user_id, accessToken: await authorToken(item), background: true }),
    // The item has left the outbox; a photo left behind is swept at the next sign-out.
    forgetPhotos: (item) => forgetKeptPhotos(item.kept_photos ?? []).catch(() => undefined),
    onSending: (id) => publish({ sendingId: id }),
  });
  if (result.sent.length > 0 || result.rejected.length > 0 || result.stopped) await changed();
  if (result.sent.length > 0 || result.rejected.length > 0) onSent(result);
}

/**
 * Sends what waits now: one pass at a time in this tab, and one across the browser's tabs (a Web
 * Lock), so two tabs never send the same item at once. A call during a pass runs another after it.
 */
export function flushOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const locked = () =>
    typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks.request(FLUSH_LOCK, () => pass()) : pass();
  running = (async () => {
    do {
      again = false;
      await locked().catch(() => undefined);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Drops an item the user chose to discard (a refused one), and the photos kept for it. */
export async function discardItem(id: string): Promise<void> {
  await removeItem(id);
  await changed();
}

let started = false;

/**
 * Starts the outbox once (start-app.tsx, after the first screen): reads what waits on the device and
 * sends it, and sends again when the connection returns, when a user signs in, and every 30 s while
 * items wait. `whenSent` hears of every pass that sent or refused something (to refresh the screens).
 */
export function startOutbox(whenSent: (result: FlushResult) => void): void {
  if (started) return;
  started = true;
  onSent = whenSent;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void reload().catch(() => undefined);
  }
  const tryNow = () => {
    if (!isOffline() && signedInUserId()) void flushOutbox();
  };
  // Photos kept for forms that were never sent go when their user signs out (the items' stay with them).
  const forgetFormPhotos = () => void forgetUnsentFormPhotos().catch(() => undefined);
  window.addEventListener('online', tryNow);
  subscribeAuth((_state, event) => {
    if (event === 'SIGNED_IN' || event === 'INITIAL_SESSION') tryNow();
    if (event === 'SIGNED_OUT') forgetFormPhotos();
  });
  setInterval(() => {
    if (snapshot.items.some((item) => item.state === 'waiting' && item.user_id === signedInUserId())) tryNow();
  }, RETRY_INTERVAL_MS);
  void reload()
    .then(tryNow)
    .catch(() => undefined);
  if (!signedInUserId()) forgetFormPhotos();
}
