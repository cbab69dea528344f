import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Optimistic concurrency: a record's `version` is its ETag; an update must say which version it
 * was made against (If-Match). A stale version gets 412 and the client keeps what the user typed.
 */
export function etagOf(version: number): string {
  return `"${version}"`;
}

export function setEtag(reply: FastifyReply, version: number) {
  reply.header('etag', etagOf(version));
}

/** The version an update was made against; 428 when the request did not say. */
export function expectedVersion(request: FastifyRequest): number {
  const header = request.headers['if-match'];
  if (!header)
    throw new AppError('precondition_required', 'Send If-Match with the version you edited', { hint: 'reload the record and try again' });
  const match = /^(?:W\/)?"(\d+)"$/.exec(String(header).trim());
  if (!match) throw new AppError('precondition_required', 'If-Match must be the ETag of the record you edited');
  return Number(match[1]);
}

export function staleVersion(what: string): AppError {
  return new AppError('precondition_failed', `This ${what} was changed by someone else while you were editing it`, {
    hint: 'review their change, then apply yours again; nothing you typed was saved or lost',
  });
}
