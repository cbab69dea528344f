import * as z from 'zod/mini';

/**
 * Photos kept on the device until they can be uploaded, without storage or network (kept-photos.ts
 * applies these rules): a form holds a kept photo's local id (`local:<uuid>`) where it would hold a
 * stored file's id, and before the request goes the local ids in its body are swapped for the ids the
 * server gave the uploads. Nothing here knows a module's body: any string of the body that is a local
 * id is one.
 */

export const KEPT_PHOTO_PREFIX = 'local:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new local id for a photo kept on this device. */
export function newKeptPhotoId(): string {
  return `${KEPT_PHOTO_PREFIX}${crypto.randomUUID()}`;
}

/** Whether a value is the local id of a kept photo (not a stored file's id, nor any other text). */
export function isKeptPhotoId(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(KEPT_PHOTO_PREFIX) && UUID.test(value.slice(KEPT_PHOTO_PREFIX.length));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The value with every string passed through `change`, arrays and plain objects copied; `value` itself is never changed. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((entry) => mapStrings(entry, change));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, mapStrings(entry, change)]));
  return value;
}

/** The local ids of the kept photos a body refers to, each once, in the order they appear. */
export function keptPhotoIdsIn(body: unknown): string[] {
  const found = new Set<string>();
  mapStrings(body, (text) => {
    if (isKeptPhotoId(text)) found.add(text);
    return text;
  });
  return [...found];
}

/** The body with each local id that `replacements` names swapped for its stored id; the rest as it was. */
export function replaceKeptPhotoIds(body: unknown, replacements: Readonly<Record<string, string>>): unknown {
  return mapStrings(body, (text) => (isKeptPhotoId(text) ? (replacements[text] ?? text) : text));
}

/**
 * The body as the server's checks will see it once its kept photos are uploaded: each local id
 * replaced by a uuid (its own), so a rule or a contract that asks for a stored file's id passes it.
 * For checking only: never sent.
 */
export function asIfUploaded<T>(body: T): T {
  return replaceKeptPhotoIds(body, Object.fromEntries(keptPhotoIdsIn(body).map((id) => [id, id.slice(KEPT_PHOTO_PREFIX.length)]))) as T;
}

/**
 * A kept request's body parsed with its endpoint's contract, to fill its form again: a local id stands
 * where the contract asks for a stored file's id, so the contract checks the body as if uploaded
 * (asIfUploaded), and the local ids are put back in what the parse answers. Null when the body is not
 * of that contract.
 */
export function parseKeptBody<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> | null {
  const parsed = z.safeParse(schema, asIfUploaded(body));
  if (!parsed.success) return null;
  const back = new Map(keptPhotoIdsIn(body).map((id) => [id.slice(KEPT_PHOTO_PREFIX.length), id]));
  return mapStrings(parsed.data, (text) => back.get(text) ?? text) as z.output<S>;
}

/** A kept photo a request refers to is no longer on the device (the browser's storage was cleared): the request cannot go as it is. */
export class KeptPhotoMissingError extends Error {
  override readonly name = 'KeptPhotoMissingError';

  constructor() {
    super('A photo kept on this device is no longer there; remove it and add it again');
  }
}
