import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';

/**
 * Whether the client has gone. HTTP/1.1's answer says so itself; over HTTP/2 (the server answering
 * HTTPS itself, app.ts) the answer is Node's compatibility object, which has no `destroyed`, and its
 * stream says.
 */
export function clientGone(response: ServerResponse): boolean {
  const { stream } = response as ServerResponse & Partial<Pick<Http2ServerResponse, 'stream'>>;
  return stream ? stream.destroyed || stream.closed : response.destroyed;
}
