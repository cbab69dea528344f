/**
 * What every officer-side fleet call shares: the API prefix, the query keys, and the
 * Idempotency-Key a create carries so that a retry after a lost answer creates nothing twice.
 */

export const FLEET_API = '/rest/v1/fleet';

/** Query keys of the officer's fleet screens; invalidating ['fleet'] reloads all of them. */
export const fleetKeys = {
  all: ['fleet'] as const,
  home: () => ['fleet', 'home'] as const,
  settings: () => ['fleet', 'settings'] as const,
  vehicleSearch: (q: string) => ['fleet', 'vehicles', q] as const,
  squadCheckForm: (vehicleId: string) => ['fleet', 'squad-check-form', vehicleId] as const,
  myRequests: () => ['fleet', 'service-requests', 'mine'] as const,
  request: (id: string) => ['fleet', 'service-requests', 'one', id] as const,
};

/**
 * One key per submit attempt: the same body sent again (after no answer came) reuses the key, so the
 * server replays its first answer; a changed body gets a new key. The server releases a key whose
 * create failed, so reusing it after a refusal is harmless too.
 */
export class IdempotencyKeys {
  private last: { body: string; key: string } | null = null;

  private readonly makeKey: () => string;

  constructor(makeKey: () => string = () => crypto.randomUUID()) {
    this.makeKey = makeKey;
  }

  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.last?.body !== text) this.last = { body: text, key: this.makeKey() };
    return this.last.key;
  }

  /** After a success: the next create is a new one. */
  reset(): void {
    this.last = null;
  }
}

export function idempotencyHeader(key: string): Record<string, string> {
  return { 'idempotency-key': key };
}
