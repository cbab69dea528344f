import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response, worked out once. @fastify/helmet built helmet's whole
 * middleware again for each request (every header's options checked, the content security policy
 * parsed and written out) in two hooks of its own; with options that name no function of the request,
 * as ours do, the headers are the same for every response, so they are written as helmet writes them at
 * start and set on each response, as helmet sets them (on the raw response, so a stream that takes over
 * its reply has them too). docs/decisions/013, twenty-second step.
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = Object.entries(headersOf(helmet(options)));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers a helmet middleware sets on a response (what it removes, X-Powered-By, no response of ours has). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => (failure = error));
  if (failure) throw failure;
  return headers;
}
