import type * as z from 'zod/mini';
import type { ModuleKey } from './modules.ts';
import type { Permission } from './permissions.ts';

/** Any zod schema, of the full build or the mini one (the entry's contracts use zod/mini: issue 13). */
export type Schema = z.core.$ZodType;

/**
 * Endpoints declared once, as data. A module's contract (core/contracts/<module>.ts) lists its
 * endpoints with `defineApi`: method, path, schemas, who may call it and how it behaves. The server
 * registers one handler per entry (server/platform/endpoints.ts: a missing handler does not
 * compile), the web calls entries and builds query keys from them (web/lib/api.ts), and the
 * permission snapshot, the sweeps and the OpenAPI document read the same table.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. There is no default: every entry says it.
 *  - `{ public: true }`: anyone (sign-in, JWKS).
 *  - `{ permission: 'authenticated' }`: any signed-in user with a live session.
 *  - `{ permission: 'fleet:admin', module: 'fleet' }`: that permission (admin:access passes) and the
 *    module switched on for the agency.
 *  - `{ permission: ['fto:user', 'fto:trainer', 'fto:admin'], module: 'fto' }`: any one of them (a
 *    module whose records each role sees its own share of; the use case narrows what each may see).
 * `aal1`: what a password-only (aal1) session may still reach when the user needs aal2 (their agency
 * requires a second factor, or they have a verified one: spec section 3, aal2 is then the next level).
 * Without it such a session is refused with 403 insufficient_aal.
 *  - 'second-factor': always (list, challenge and verify a factor; sign out);
 *  - 'enrol': only while the user has no verified factor (enrol one, see who they are);
 *  - 'recovery': only in a session opened by a password-recovery link (set a new password).
 */
export type Aal1Access = 'second-factor' | 'enrol' | 'recovery';
export type EndpointAccess =
  | { public: true }
  | {
      permission: Permission | 'authenticated' | readonly [Permission, ...Permission[]];
      /** Each of these as well (admin:access passes): the scheduling admin area needs all five of its permissions. */
      also?: readonly Permission[];
      module?: ModuleKey;
      aal1?: Aal1Access;
    };

/** The permissions an access entry accepts (any one of them suffices); empty for public or any signed-in user. */
export function acceptedPermissions(access: EndpointAccess): readonly Permission[] {
  if ('public' in access || access.permission === 'authenticated') return [];
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

/** The permissions an access entry needs on top of one accepted permission, every one of them. */
export function alsoRequiredPermissions(access: EndpointAccess): readonly Permission[] {
  return 'public' in access ? [] : (access.also ?? []);
}

/**
 * What an endpoint answers besides JSON: a CSV export, a stored file's bytes, or a stream of
 * server-sent events the handler writes itself (realtime/v1; the web reads it with web/lib/realtime.ts).
 */
export type NonJsonAnswer = 'csv' | 'file' | 'events';

export interface EndpointSpec {
  method: HttpMethod;
  /** Below the API's prefix, with `:name` parameters (`/admin/vehicles/:id`). */
  path: string;
  access: EndpointAccess;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The answer's schema (parsed on both ends); null: no body (204); or a non-JSON answer. */
  response: Schema | NonJsonAnswer | null;
  /**
   * Optimistic concurrency. A GET answers with the record's `version` as its ETag; any other method
   * needs `If-Match` (428 without it) and the handler gets the version the client edited.
   */
  versioned?: boolean;
  /** A create: answers 201 and honours `Idempotency-Key` (a retry replays the first answer). */
  idempotent?: boolean;
  /**
   * 201 for a create that cannot join the platform's idempotency transaction (an invitation audits
   * a refusal in a transaction of its own); idempotent creates are 201 anyway.
   */
  status?: 201;
  /** The request body is raw bytes of one of these types rather than JSON (uploads). */
  upload?: { contentTypes: readonly string[]; maxBytes: number };
  /** Made by the client on its own (polling): the web marks it as background, not user activity. */
  background?: boolean;
}

/** An entry of an API table: its spec plus where it lives and how its queries are keyed. */
export type Endpoint<S extends EndpointSpec = EndpointSpec, N extends string = string> = S & {
  /** The table's name (`fleet`): the first part of every query key of it. */
  api: string;
  /** The entry's name in its table (`getVehicle`). */
  name: N;
  /** Full URL pattern, prefix included (`/rest/v1/fleet/admin/vehicles/:id`). */
  url: string;
  /** TanStack Query key prefix of this endpoint's answers: `[api, name]`. */
  key: readonly [string, N];
  tags: readonly string[];
};

export type Api<S extends Record<string, EndpointSpec> = Record<string, EndpointSpec>> = {
  readonly [K in keyof S & string]: Endpoint<S[K], K>;
};

/**
 * Declares an API table: `defineApi('fleet', '/rest/v1/fleet', { home: { method: 'GET', … } })`.
 * Entry names are the handler names on the server and the call names on the web.
 */
export function defineApi<const S extends Record<string, EndpointSpec>>(
  name: string,
  prefix: string,
  specs: S,
  options: { tags?: string[] } = {},
): Api<S> {
  const tags = options.tags ?? [name];
  const entries = Object.entries(specs).map(([entryName, spec]) => {
    if (!spec.path.startsWith('/') && spec.path !== '') throw new Error(`${name}.${entryName}: a path starts with /`);
    const endpoint = {
      ...spec,
      api: name,
      name: entryName,
      url: `${prefix}${spec.path === '/' ? '' : spec.path}` || '/',
      key: [name, entryName] as const,
      tags,
    };
    return [entryName, endpoint];
  });
  return Object.freeze(Object.fromEntries(entries)) as Api<S>;
}

/** Every entry of a table, in declaration order. */
export function endpointsOf(api: Api): Endpoint[] {
  return Object.values(api);
}

/** The status of a successful answer: 201 for creates, 204 for no body, else 200. */
export function successStatus(endpoint: Pick<EndpointSpec, 'idempotent' | 'response' | 'status'>): 200 | 201 | 204 {
  if (endpoint.response === null) return 204;
  return endpoint.idempotent || endpoint.status === 201 ? 201 : 200;
}

/** Fills `:name` parameters of a URL pattern (values URI-encoded). */
export function fillPath(url: string, params: Record<string, string | number> | undefined): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${url}`);
    return encodeURIComponent(String(value));
  });
}

type SchemaOf<T> = T extends Schema ? T : never;

/** What a caller sends: the schemas' input types. */
export type ParamsIn<E extends EndpointSpec> = E['params'] extends Schema ? z.input<SchemaOf<E['params']>> : undefined;
export type QueryIn<E extends EndpointSpec> = E['query'] extends Schema ? z.input<SchemaOf<E['query']>> : undefined;
export type BodyIn<E extends EndpointSpec> = E['body'] extends Schema
  ? z.input<SchemaOf<E['body']>>
  : E['upload'] extends object
    ? Blob
    : undefined;

/** What a handler gets: the schemas' output types (parsed, defaults applied). */
export type ParamsOut<E extends EndpointSpec> = E['params'] extends Schema ? z.output<SchemaOf<E['params']>> : Record<string, never>;
export type QueryOut<E extends EndpointSpec> = E['query'] extends Schema ? z.output<SchemaOf<E['query']>> : Record<string, never>;
export type BodyOut<E extends EndpointSpec> = E['body'] extends Schema
  ? z.output<SchemaOf<E['body']>>
  : E['upload'] extends object
    ? Uint8Array
    : undefined;

/** What the client reads back: the response schema's output, CSV text, a file's bytes, or nothing. */
export type Answer<E extends EndpointSpec> = E['response'] extends Schema
  ? z.output<SchemaOf<E['response']>>
  : E['response'] extends 'csv'
    ? string
    : E['response'] extends 'file'
      ? Blob
      : undefined;
