import type { FastifyRequest } from 'fastify';
import { bearerToken } from './access.ts';

/**
 * The rate-limit bucket of a signed-in request: the token's subject, read without verifying it (the
 * route's own check verifies it; a forged subject only buys a bucket for requests that will be
 * refused), else the address.
 */
export function userKey(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (token) {
    try {
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
      if (typeof payload.sub === 'string') return `user:${payload.sub}`;
    } catch {
      // not a JWT: fall back to the address
    }
  }
  return `ip:${request.ip}`;
}

/**
 * A route's limit per signed-in person (`config.rateLimit`), answering 429 with what was done too
 * often, e.g. perPerson(60, 'sent a lot of files').
 */
export function perPerson(max: number, doneTooOften: string) {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: userKey,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
      statusCode: 429,
      message: `You have ${doneTooOften} in the last minute; wait ${Math.ceil(context.ttl / 1000)} seconds and try again`,
      details: null,
      hint: null,
      code: 'rate_limited',
    }),
  };
}
