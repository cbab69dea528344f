import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../api-error.ts';
import { flushWaitingItems } from './outbox-flush.ts';
import {
  failureOutcome,
  fixPath,
  itemsOfUser,
  outboxLabel,
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

/** An outbox in memory, sending through `send`. */
function memoryOutbox(items: OutboxItem[], send: (item: OutboxItem) => Promise<void>, user: () => string | null = () => 'officer') {
  const stored = new Map(items.map((entry) => [entry.id, entry]));
  const attempts: string[] = [];
  return {
    stored,
    attempts,
    flush: () =>
      flushWaitingItems({
        all: async () => [...stored.values()],
        currentUserId: user,
        send: async (entry) => {
          attempts.push(entry.id);
          await send(entry);
        },
        remove: async (id) => void stored.delete(id),
        put: async (entry) => void stored.set(entry.id, entry),
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
