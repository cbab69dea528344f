/**
 * An answer the server already holds as JSON bytes, sent as it is instead of being written from objects
 * for every request: what a server keeps and answers many times over (the month of the roster,
 * server/schedule/roster-cache.ts, ~600 kB). Writing that from its objects for each request cost 2–3 ms
 * and as many fresh bytes as the answer, which piled up in V8's large-object space under load
 * (docs/decisions/013, nineteenth step).
 *
 * Not for a versioned or idempotent endpoint (the endpoint layer refuses it there): its ETag, or the
 * answer it keeps for a retry, is written from the answer's object.
 *
 * `T` is the answer's contract type, for the handler's signature. Wherever answers are checked (every
 * test, `npm run dev`: `checkKeptJson`), the endpoint layer parses the bytes and fails the request when
 * the contract's serializer would write anything else from them: a key the contract does not declare, a
 * value it refuses, one missing.
 */
export class KeptJson<T> {
  readonly body: Buffer;
  /** Only for the type: a KeptJson of one contract is not another's. */
  declare readonly answer?: T;

  constructor(body: Buffer) {
    this.body = body;
  }
}

let checking = true;

/** Whether kept JSON is checked against its route's contract as it is sent (off on a production server, app.ts). */
export function checkKeptJson(on: boolean): void {
  checking = on;
}

export function keptJsonChecked(): boolean {
  return checking;
}
