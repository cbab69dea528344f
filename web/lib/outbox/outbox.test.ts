import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, networkError } from '../api-error.ts';
import {
  isKeptPhotoId,
  KeptPhotoMissingError,
  keptPhotoIdsIn,
  newKeptPhotoId,
  parseKeptBody,
  replaceKeptPhotoIds,
} from './kept-photo-rules.ts';
import { flushWaitingItems } from './outbox-flush.ts';
import {
  failureOutcome,
  fixPath,
  itemsOfUser,
  outboxLabel,
  photosNoItemKeeps,
  photoUploadFailure,
  refusalMessage,
  refusedItemFor,
  waitingItems,
  type OutboxItem,
} from './outbox-rules.ts';

function item(overrides: Partial<OutboxItem>): OutboxItem {
  return {
    id: 'i1',
    endpoint: 'fleet.submitSquadCheck',
    method: 'POST',
    url: '/rest/v1/fleet/squad-checks',
    params: null,
    body: { vehicle_id: 'v1' },
    idempotency_key: 'k1',
    user_id: 'officer',
    created_at: '2026-11-24T10:00:00.000Z',
    summary: 'Squad check of unit P-417',
    state: 'waiting',
    message: null,
    fields: {},
    attempts: 0,
    ...overrides,
  };
}

function refusal(status: number, message = 'Refused', fields: Record<string, string> = {}, code = 'validation_failed'): ApiError {
  return new ApiError(status, { message, details: null, hint: null, code, fields });
}

/**
 * An outbox in memory, sending through `send` and uploading kept photos through `uploadPhoto` (by
 * default the server gives `stored-<n>`). `log` lists what was done, in order; `sentBodies` what each
 * send carried.
 */
function memoryOutbox(
  items: OutboxItem[],
  send: (item: OutboxItem) => Promise<void>,
  user: () => string | null = () => 'officer',
  uploadPhoto: (keptId: string) => Promise<string> = async (keptId) => `stored-${keptId.slice(-1)}`,
) {
  const stored = new Map(items.map((entry) => [entry.id, entry]));
  const attempts: string[] = [];
  const log: string[] = [];
  const sentBodies: unknown[] = [];
  return {
    stored,
    attempts,
    log,
    sentBodies,
    flush: () =>
      flushWaitingItems({
        all: async () => [...stored.values()],
        currentUserId: user,
        send: async (entry) => {
          attempts.push(entry.id);
          log.push(`send ${entry.id}`);
          sentBodies.push(entry.body);
          await send(entry);
        },
        remove: async (id) => {
          log.push(`remove ${id}`);
          stored.delete(id);
        },
        put: async (entry) => {
          log.push(`keep ${entry.id} ${JSON.stringify(entry.body)}`);
          stored.set(entry.id, entry);
        },
        uploadPhoto: async (entry, keptId) => {
          log.push(`upload ${keptId}`);
          return uploadPhoto(keptId);
        },
        forgetPhotos: async (entry) => {
          log.push(`forget ${(entry.kept_photos ?? []).join(' ')}`);
        },
      }),
  };
}

describe('the outbox rules', () => {
  it('shows a user only their own items, oldest first', () => {
    const items = [
      item({ id: 'b', created_at: '2026-11-24T10:05:00.000Z' }),
      item({ id: 'other', user_id: 'someone-else' }),
      item({ id: 'a', created_at: '2026-11-24T10:01:00.000Z' }),
    ];
    expect(itemsOfUser(items, 'officer').map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(itemsOfUser(items, null)).toEqual([]);
  });

  it('sends only the waiting items, not the refused ones', () => {
    const items = [item({ id: 'a' }), item({ id: 'r', state: 'rejected' })];
    expect(waitingItems(items, 'officer').map((entry) => entry.id)).toEqual(['a']);
  });

  it('keeps an item waiting when no answer came, the session ended or the server is in trouble', () => {
    expect(failureOutcome(networkError(new TypeError('Failed to fetch')))).toBe('stop');
    for (const status of [401, 408, 429, 500, 502, 503]) expect(failureOutcome(refusal(status)), String(status)).toBe('stop');
    expect(
      failureOutcome(refusal(409, 'The first request with this Idempotency-Key is still running', {}, 'idempotency_in_progress')),
    ).toBe('stop');
    expect(
      failureOutcome(refusal(403, 'This account requires a second sign-in factor: verify it to continue', {}, 'insufficient_aal')),
    ).toBe('stop');
    expect(failureOutcome(new Error('something odd'))).toBe('stop');
  });

  it('marks an item refused when the server turned the request itself down', () => {
    for (const status of [400, 403, 404, 409, 412, 422]) expect(failureOutcome(refusal(status)), String(status)).toBe('reject');
  });

  it('says how many items wait and how many were refused', () => {
    expect(outboxLabel([item({})])).toBe('1 waiting to send');
    expect(outboxLabel([item({ id: 'a' }), item({ id: 'b' })])).toBe('2 waiting to send');
    expect(outboxLabel([item({ id: 'a' }), item({ id: 'b', state: 'rejected' })])).toBe('1 waiting to send, 1 not sent');
    expect(outboxLabel([])).toBe('');
  });
});

describe('sending what waits', () => {
  it('sends the items in the order they were made and empties the outbox', async () => {
    const outbox = memoryOutbox(
      [item({ id: 'second', created_at: '2026-11-24T10:02:00.000Z' }), item({ id: 'first', created_at: '2026-11-24T10:01:00.000Z' })],
      async () => undefined,
    );
    const result = await outbox.flush();
    expect(outbox.attempts).toEqual(['first', 'second']);
    expect(result.sent.map((entry) => entry.id)).toEqual(['first', 'second']);
    expect(outbox.stored.size).toBe(0);
  });

  it('stops at the first item that gets no answer and keeps it and the rest waiting', async () => {
    const outbox = memoryOutbox(
      [item({ id: 'a', created_at: '2026-11-24T10:01:00.000Z' }), item({ id: 'b', created_at: '2026-11-24T10:02:00.000Z' })],
      async () => {
        throw networkError(new TypeError('Failed to fetch'));
      },
    );
    const result = await outbox.flush();
    expect(result.stopped).toBe(true);
    expect(outbox.attempts).toEqual(['a']);
    expect(outbox.stored.get('a')).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(outbox.stored.get('b')).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('keeps a refused item with the server’s message and its fields, and goes on with the next', async () => {
    const outbox = memoryOutbox(
      [item({ id: 'bad', created_at: '2026-11-24T10:01:00.000Z' }), item({ id: 'good', created_at: '2026-11-24T10:02:00.000Z' })],
      async (entry) => {
        if (entry.id === 'bad') throw refusal(400, 'Some answers need attention', { 'answers.siren': 'Add a note saying what is wrong' });
      },
    );
    const result = await outbox.flush();
    expect(result.rejected.map((entry) => entry.id)).toEqual(['bad']);
    expect(result.sent.map((entry) => entry.id)).toEqual(['good']);
    expect(outbox.stored.get('bad')).toMatchObject({
      state: 'rejected',
      message: 'Some answers need attention',
      fields: { 'answers.siren': 'Add a note saying what is wrong' },
    });
    // A refused item is not sent again by the next pass.
    await outbox.flush();
    expect(outbox.attempts).toEqual(['bad', 'good']);
  });

  it('never sends an item with someone else’s session', async () => {
    const outbox = memoryOutbox([item({ id: 'theirs', user_id: 'someone-else' })], async () => undefined);
    const result = await outbox.flush();
    expect(outbox.attempts).toEqual([]);
    expect(result.sent).toEqual([]);
    expect(outbox.stored.has('theirs')).toBe(true);
  });

  it('stops when the user changes during a pass, before sending the next item', async () => {
    let user: string | null = 'officer';
    const outbox = memoryOutbox(
      [item({ id: 'a', created_at: '2026-11-24T10:01:00.000Z' }), item({ id: 'b', created_at: '2026-11-24T10:02:00.000Z' })],
      async () => {
        user = null;
      },
      () => user,
    );
    const result = await outbox.flush();
    expect(outbox.attempts).toEqual(['a']);
    expect(result.stopped).toBe(true);
    expect(outbox.stored.has('b')).toBe(true);
  });

  it('sends nothing when nobody is signed in', async () => {
    const outbox = memoryOutbox(
      [item({})],
      async () => undefined,
      () => null,
    );
    await outbox.flush();
    expect(outbox.attempts).toEqual([]);
  });
});

describe('a refused item opened in its form', () => {
  it('opens at its form’s address with the item named in the query, keeping what the address had', () => {
    expect(fixPath(item({ id: 'i9', form_path: '/fleet/squadcheck?vehicle_id=v1' }))).toBe('/fleet/squadcheck?vehicle_id=v1&outbox=i9');
    expect(fixPath(item({ id: 'i9', form_path: '/fleet/request' }))).toBe('/fleet/request?outbox=i9');
  });

  it('cannot be opened when it was kept before forms could reopen their items', () => {
    expect(fixPath(item({}))).toBeNull();
  });

  it('opens only for its author, and only once refused', () => {
    const refused = item({ state: 'rejected' });
    expect(refusedItemFor(refused, 'officer')).toBe(refused);
    expect(refusedItemFor(refused, 'someone else')).toBeNull();
    expect(refusedItemFor(refused, null)).toBeNull();
    expect(refusedItemFor(item({ state: 'waiting' }), 'officer')).toBeNull();
    expect(refusedItemFor(undefined, 'officer')).toBeNull();
  });

  it('says why in the server’s words about its fields when it gave some, else in its message', () => {
    expect(refusalMessage(item({ message: 'Some fields need your attention', fields: { vehicle_id: 'Unit P-612 is retired' } }))).toBe(
      'Unit P-612 is retired',
    );
    expect(refusalMessage(item({ message: 'Conflict', fields: {} }))).toBe('Conflict');
  });
});

// Local ids of photos kept on the device; the last character names them in the logs (stored-1, stored-2).
const PHOTO_1 = 'local:7d1c0f5e-3f0a-4b7e-9a51-0c2d4e6f8a01';
const PHOTO_2 = 'local:7d1c0f5e-3f0a-4b7e-9a51-0c2d4e6f8a02';
const STORED = '0b6f8f3e-2a8d-4c55-8d39-5b1e2f9a7c40';

describe('photos taken without a connection', () => {
  it('gives each kept photo a local id that cannot be taken for a stored file’s id or for text', () => {
    const id = newKeptPhotoId();
    expect(isKeptPhotoId(id)).toBe(true);
    expect(id).not.toBe(newKeptPhotoId());
    expect(isKeptPhotoId(STORED)).toBe(false);
    expect(isKeptPhotoId('local: the light bar flickers')).toBe(false);
    expect(isKeptPhotoId(42)).toBe(false);
  });

  it('finds the kept photos a body refers to, wherever they are and once each, in order', () => {
    const body = {
      vehicle_id: STORED,
      note: 'local:see the photo',
      answers: [
        { item_id: 'lights', value: 'fail', photo_ids: [PHOTO_2, STORED] },
        { item_id: 'photo', value: PHOTO_1, photo_ids: [PHOTO_2] },
      ],
    };
    expect(keptPhotoIdsIn(body)).toEqual([PHOTO_2, PHOTO_1]);
    expect(keptPhotoIdsIn({ photo_ids: [STORED] })).toEqual([]);
    expect(keptPhotoIdsIn(null)).toEqual([]);
  });

  it('puts the stored id in place of a local one everywhere in the body, leaving the rest and the given body as they were', () => {
    const body = { photo_ids: [PHOTO_1, PHOTO_2, STORED], answers: [{ value: PHOTO_1, count: 3, done: true, note: null }] };
    const replaced = replaceKeptPhotoIds(body, { [PHOTO_1]: 'stored-1' });
    expect(replaced).toEqual({
      photo_ids: ['stored-1', PHOTO_2, STORED],
      answers: [{ value: 'stored-1', count: 3, done: true, note: null }],
    });
    expect(body.photo_ids[0]).toBe(PHOTO_1);
  });

  it('opens a kept request in its form with its photos still on the device, although the contract asks for stored ids', () => {
    const contract = z.object({ description: z.string().min(5), photo_ids: z.array(z.string().uuid()).default([]) });
    expect(parseKeptBody(contract, { description: 'The siren is silent', photo_ids: [PHOTO_1, STORED] })).toEqual({
      description: 'The siren is silent',
      photo_ids: [PHOTO_1, STORED],
    });
    expect(parseKeptBody(contract, { description: 'The siren is silent' })).toEqual({ description: 'The siren is silent', photo_ids: [] });
    expect(parseKeptBody(contract, { description: 'No', photo_ids: [PHOTO_1] })).toBeNull();
    expect(parseKeptBody(contract, { description: 'The siren is silent', photo_ids: ['local:photo'] })).toBeNull();
  });

  it('uploads each kept photo and keeps its stored id in the item before the create goes with the stored ids, then deletes the photos', async () => {
    const outbox = memoryOutbox(
      [item({ id: 'r1', body: { description: 'Dent', photo_ids: [PHOTO_1, PHOTO_2] }, kept_photos: [PHOTO_1, PHOTO_2] })],
      async () => undefined,
    );
    const result = await outbox.flush();
    expect(outbox.log).toEqual([
      `upload ${PHOTO_1}`,
      `keep r1 {"description":"Dent","photo_ids":["stored-1","${PHOTO_2}"]}`,
      `upload ${PHOTO_2}`,
      'keep r1 {"description":"Dent","photo_ids":["stored-1","stored-2"]}',
      'send r1',
      'remove r1',
      `forget ${PHOTO_1} ${PHOTO_2}`,
    ]);
    expect(outbox.sentBodies).toEqual([{ description: 'Dent', photo_ids: ['stored-1', 'stored-2'] }]);
    expect(result.sent.map((entry) => entry.id)).toEqual(['r1']);
    expect(outbox.stored.size).toBe(0);
  });

  it('does not upload a photo again when the pass stopped after uploading it', async () => {
    let connected = false;
    const outbox = memoryOutbox(
      [item({ id: 'r1', body: { photo_ids: [PHOTO_1, PHOTO_2] }, kept_photos: [PHOTO_1, PHOTO_2] })],
      async () => undefined,
      () => 'officer',
      async (keptId) => {
        if (keptId === PHOTO_2 && !connected) throw networkError(new TypeError('Failed to fetch'));
        return `stored-${keptId.slice(-1)}`;
      },
    );
    const first = await outbox.flush();
    expect(first.stopped).toBe(true);
    expect(outbox.attempts).toEqual([]);
    expect(outbox.stored.get('r1')).toMatchObject({ state: 'waiting', attempts: 1, body: { photo_ids: ['stored-1', PHOTO_2] } });

    connected = true;
    outbox.log.length = 0;
    await outbox.flush();
    expect(outbox.log.filter((entry) => entry.startsWith('upload'))).toEqual([`upload ${PHOTO_2}`]);
    expect(outbox.sentBodies).toEqual([{ photo_ids: ['stored-1', 'stored-2'] }]);
    expect(outbox.stored.size).toBe(0);
  });

  it('marks the item refused, saying the photo was not accepted, when the server refuses a photo, and keeps the photos', async () => {
    const outbox = memoryOutbox(
      [
        item({ id: 'big', created_at: '2026-11-24T10:01:00.000Z', body: { photo_ids: [PHOTO_1] }, kept_photos: [PHOTO_1] }),
        item({ id: 'next', created_at: '2026-11-24T10:02:00.000Z' }),
      ],
      async () => undefined,
      () => 'officer',
      async () => {
        throw refusal(413, 'Files must be 10 MB or smaller', { file: 'Files must be 10 MB or smaller' });
      },
    );
    const result = await outbox.flush();
    expect(result.rejected.map((entry) => entry.id)).toEqual(['big']);
    expect(outbox.stored.get('big')).toMatchObject({
      state: 'rejected',
      message: 'A photo was not accepted: Files must be 10 MB or smaller',
      fields: {},
      body: { photo_ids: [PHOTO_1] },
    });
    expect(outbox.attempts).toEqual(['next']);
    // Its photos stay on the device with it, until it is fixed and sent, or discarded.
    expect(outbox.log.some((entry) => entry.includes(`forget ${PHOTO_1}`))).toBe(false);
  });

  it('marks the item refused when a photo it needs is no longer on the device', async () => {
    const outbox = memoryOutbox(
      [item({ id: 'lost', body: { photo_ids: [PHOTO_1] }, kept_photos: [PHOTO_1] })],
      async () => undefined,
      () => 'officer',
      async () => {
        throw new KeptPhotoMissingError();
      },
    );
    const result = await outbox.flush();
    expect(result.rejected.map((entry) => entry.id)).toEqual(['lost']);
    expect(outbox.stored.get('lost')?.message).toBe('A photo kept on this device is no longer there; remove it and add it again');
    expect(outbox.attempts).toEqual([]);
  });

  it('lets an item wait when a photo’s upload got no answer or the server was busy', () => {
    const noAnswer = networkError(new TypeError('Failed to fetch'));
    expect(photoUploadFailure(noAnswer)).toBe(noAnswer);
    expect(failureOutcome(photoUploadFailure(refusal(503)))).toBe('stop');
    expect(failureOutcome(photoUploadFailure(refusal(400, 'Upload a photo (PNG, JPEG or WebP) or a PDF')))).toBe('reject');
  });

  it('deletes from the device only the kept photos that no item still refers to', () => {
    const items = [item({ id: 'a', kept_photos: [PHOTO_1] }), item({ id: 'b', state: 'rejected' })];
    expect(photosNoItemKeeps([PHOTO_1, PHOTO_2], items)).toEqual([PHOTO_2]);
    expect(photosNoItemKeeps([PHOTO_1], [])).toEqual([PHOTO_1]);
  });
});
