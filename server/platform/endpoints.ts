import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  endpointsOf,
  successStatus,
  type Api,
  type Answer,
  type BodyOut,
  type Endpoint,
  type EndpointSpec,
  type ParamsOut,
  type QueryOut,
  type Schema,
} from '../../core/endpoints.ts';
import { requestContext, type RequestContext } from './context.ts';
import type { FirstRead } from './database.ts';
import { idempotentCreate } from './idempotency.ts';
import { KeptJson, keptJsonChecked } from './kept-json.ts';
import { deliveringQueuedMail } from './mail-after-commit.ts';
import type { RequestOrigin, Services } from './services.ts';
import { expectedVersion, setEtag } from './versioning.ts';

/**
 * Registers an API table's handlers (core/endpoints.ts). The platform, not the handler, owns:
 *  - the request context (who is calling, from where) and the access check (access.ts reads `config.access`);
 *  - the transaction of a create: an idempotent endpoint's handler runs inside the transaction that
 *    claims its Idempotency-Key, and `inAgency(ctx, …)` in the use case joins it;
 *  - ETags (a versioned GET answers with the record's version; a versioned write needs If-Match, and
 *    the handler gets the version);
 *  - status codes (201 for creates, 204 for no body);
 *  - mail after commit: whatever a request queued is handed to the mailer once its answer is sent.
 */

/** A public endpoint's context: the platform and where the request came from. */
export interface PublicContext {
  services: Services;
  origin: RequestOrigin;
}

type ContextOf<E extends EndpointSpec> = E['access'] extends { public: true } ? PublicContext : RequestContext;

export interface EndpointInput<E extends EndpointSpec> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: E['upload'] extends object ? Buffer : BodyOut<E>;
  /** The version the client edited (If-Match), for a versioned write. */
  version: E['versioned'] extends true ? (E['method'] extends 'GET' ? undefined : number) : undefined;
  /** For what a table cannot say (a cache header); most handlers never touch them. */
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A CSV or file answer: the bytes, their type and the name a browser saves them under. */
export interface FileAnswer {
  data: Buffer | string;
  contentType: string;
  filename?: string;
  /** Response headers beyond the type (cache policy of a file). */
  headers?: Record<string, string>;
}

type HandlerResult<E extends EndpointSpec> = E['response'] extends Schema
  ? z.input<E['response']> | KeptJson<z.input<E['response']>>
  : E['response'] extends 'csv' | 'file'
    ? FileAnswer
    : void;

export type Handler<E extends EndpointSpec> = (ctx: ContextOf<E>, input: EndpointInput<E>) => Promise<HandlerResult<E>> | HandlerResult<E>;

/** Route options a table cannot express: a rate limit, a read sent with the access check (FirstRead). */
export type RouteExtras = { rateLimit?: unknown; firstRead?: FirstRead };

/** One handler per entry of the table; the compiler refuses a missing or extra one. */
export type Handlers<A> = {
  [K in keyof A]: A[K] extends EndpointSpec ? Handler<A[K]> | { handle: Handler<A[K]>; route: RouteExtras } : never;
};

export interface RegisterOptions {
  /** Route options for every endpoint of the table (rate limits), by endpoint. */
  route?: (endpoint: Endpoint) => RouteExtras | undefined;
}

function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

const SUPPORTED = new Set(['csv', 'file']);

/** Registers every endpoint of `api` on `app` (at its full URL), with `handlers` keyed as the table. */
export async function registerApi<A extends Api>(
  app: FastifyInstance,
  services: Services,
  api: A,
  handlers: Handlers<A>,
  options: RegisterOptions = {},
) {
  const endpoints = endpointsOf(api);
  const uploads = endpoints.filter((endpoint) => endpoint.upload);
  await app.register(async (scope) => {
    if (uploads.length > 0) {
      const contentTypes = [...new Set(uploads.flatMap((endpoint) => endpoint.upload!.contentTypes))];
      const maxBytes = Math.max(...uploads.map((endpoint) => endpoint.upload!.maxBytes));
      scope.addContentTypeParser(contentTypes, { parseAs: 'buffer', bodyLimit: maxBytes + 1 }, (_request, body, done) => done(null, body));
    }
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    for (const endpoint of endpoints) {
      const entry = (handlers as Record<string, Handler<EndpointSpec> | { handle: Handler<EndpointSpec>; route: RouteExtras }>)[
        endpoint.name
      ];
      if (!entry) throw new Error(`No handler for ${endpoint.api}.${endpoint.name}`);
      const handle = typeof entry === 'function' ? entry : entry.handle;
      const extras = { ...options.route?.(endpoint), ...(typeof entry === 'function' ? {} : entry.route) };
      typed.route(routeOf(services, endpoint, handle, extras));
    }
  });
}

function routeOf(services: Services, endpoint: Endpoint, handle: Handler<EndpointSpec>, extras: RouteExtras): RouteOptions {
  const status = successStatus(endpoint);
  const response = endpoint.response;
  const isPublic = 'public' in endpoint.access;
  return {
    method: endpoint.method,
    url: endpoint.url,
    ...(endpoint.upload ? { bodyLimit: endpoint.upload.maxBytes + 1 } : {}),
    // A read answering JSON opens its transaction with the access check (server/platform/access.ts).
    config: { access: endpoint.access, holdScope: endpoint.method === 'GET' && typeof response === 'object', ...extras },
    schema: {
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(response && typeof response !== 'string' ? { response: { [status]: response } } : {}),
    },
    // After the answer: the transaction that queued the mail has committed (or rolled back, and there is nothing to send).
    handler: async (request, reply) =>
      deliveringQueuedMail(
        (agencyId) => void services.mailer.deliver(agencyId),
        async () => {
          const ctx = isPublic ? { services, origin: originOf(request) } : requestContext(services, request);
          const write = endpoint.method !== 'GET';
          const input = {
            params: request.params ?? {},
            query: request.query ?? {},
            body: request.body,
            version: endpoint.versioned && write ? expectedVersion(request) : undefined,
            request,
            reply,
          } as EndpointInput<EndpointSpec>;
          const result = endpoint.idempotent
            ? (
                await idempotentCreate(ctx as RequestContext, request, async (tx) => ({
                  status,
                  body: await handle({ ...(ctx as RequestContext), tx }, input),
                }))
              ).body
            : await handle(ctx as RequestContext, input);
          if ((result as unknown) instanceof KeptJson && (endpoint.versioned || endpoint.idempotent))
            throw new Error(
              `${endpoint.method} ${endpoint.url} answered kept JSON: a versioned or idempotent endpoint writes its ETag or its kept answer from the object`,
            );
          if (endpoint.versioned) {
            const version = (result as { version?: unknown } | undefined)?.version;
            if (typeof version === 'number') setEtag(reply, version);
          }
          // An event stream's handler took the socket over (reply.hijack()) and writes it until it closes.
          if (response === 'events') return reply;
          if (typeof response === 'string' && SUPPORTED.has(response)) return sendFile(reply, result as unknown as FileAnswer);
          if (status === 204) return reply.status(204).send();
          if ((result as unknown) instanceof KeptJson) return sendKeptJson(reply.status(status), result as unknown as KeptJson<unknown>);
          return reply.status(status).send(result);
        },
      ),
  } as RouteOptions;
}

/** Kept JSON as it is; where answers are checked, only once the route's contract writes the same data from it (kept-json.ts). */
function sendKeptJson(reply: FastifyReply, kept: KeptJson<unknown>) {
  if (keptJsonChecked()) {
    const data: unknown = JSON.parse(kept.body.toString('utf8'));
    const written: unknown = JSON.parse(String(reply.serialize(data)));
    if (!isDeepStrictEqual(written, data))
      throw new Error(`The kept answer of ${reply.request.method} ${reply.request.url} is not what its contract writes from it`);
  }
  return reply.type('application/json; charset=utf-8').send(kept.body);
}

function sendFile(reply: FastifyReply, file: FileAnswer) {
  const headers: Record<string, string> = { ...file.headers };
  if (file.filename) headers['content-disposition'] = `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '')}"`;
  return reply.type(file.contentType).headers(headers).send(file.data);
}

/** A CSV answer named `<name>-<today>.csv`. */
export function csvFile(name: string, text: string): FileAnswer {
  return { data: text, contentType: 'text/csv; charset=utf-8', filename: `${name}-${new Date().toISOString().slice(0, 10)}.csv` };
}

export type { Answer };
