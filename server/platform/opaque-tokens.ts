import crypto from 'node:crypto';

/**
 * Refresh tokens and e-mailed one-time tokens are opaque random strings that also carry the id of
 * the agency they belong to, so the server can open that agency's row-level-security scope before
 * looking the token up (by its SHA-256; the token itself is never stored).
 *
 * Format: `<agency id, 16 bytes base64url>.<32 random bytes base64url>`.
 */
export function mintOpaqueToken(agencyId: string): { token: string; hash: string } {
  const agencyPart = Buffer.from(agencyId.replaceAll('-', ''), 'hex').toString('base64url');
  const token = `${agencyPart}.${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: hashOpaqueToken(token) };
}

/**
 * The refresh token that replaces `parent`: derived from it with the server secret rather than drawn
 * at random, so that two uses of one token inside the reuse grace (two tabs refreshing at once) get
 * the same successor and the session keeps a single chain instead of forking into two live ones.
 */
export function successorOpaqueToken(secret: Buffer, agencyId: string, parent: string): { token: string; hash: string } {
  const agencyPart = Buffer.from(agencyId.replaceAll('-', ''), 'hex').toString('base64url');
  const token = `${agencyPart}.${crypto.createHmac('sha256', secret).update(`refresh-successor:${parent}`, 'utf8').digest('base64url')}`;
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The agency a token names, or null when the token is not of our format. */
export function agencyOfOpaqueToken(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const hex = Buffer.from(match[1]!, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
