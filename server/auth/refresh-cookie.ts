import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../core/contracts/auth.ts';
import { SESSION_MAX_AGE_MS } from './sessions.ts';

/**
 * The browser's refresh token lives in an httpOnly cookie that only the token endpoint receives
 * (SameSite=Strict, Secure over https), never in script's reach: an injected script could otherwise
 * read it from the session cookie and mint sessions for as long as it liked. The spec's session
 * cookie (readable, path /, lax, 400 days, chunked) keeps the access token and the user, which is what
 * the client reads. A browser asks for this with the header below; other clients (scripts, tests)
 * get the refresh token in the answer as before.
 *
 * Script cannot clear the cookie either, so a sign-out that never reached the server (offline) would
 * leave it working on the device for the rest of the session's 12 hours. A refresh from the cookie
 * therefore also needs the session's refresh_binding (sessions.ts), which the browser keeps only in
 * the readable session: clearing that disarms the cookie.
 */
const REFRESH_COOKIE = 'precinct-refresh';
const REFRESH_COOKIE_PATH = '/auth/v1/token';
const REFRESH_COOKIE_HEADER = 'x-precinct-refresh-cookie';

function wantsRefreshCookie(request: FastifyRequest): boolean {
  return request.headers[REFRESH_COOKIE_HEADER] === '1';
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${REFRESH_COOKIE}=${encodeURIComponent(value)}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The session as answered: for a browser that asked, its refresh token moves into the cookie, and its binding comes along. */
export function deliverSession(request: FastifyRequest, reply: FastifyReply, session: Session, secure: boolean): Session {
  const { refresh_binding: binding, ...answer } = session;
  if (!wantsRefreshCookie(request)) return answer;
  reply.header('set-cookie', cookie(session.refresh_token, SESSION_MAX_AGE_MS / 1000, secure));
  return { ...answer, refresh_token: '', ...(binding ? { refresh_binding: binding } : {}) };
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', cookie('', 0, secure));
}
