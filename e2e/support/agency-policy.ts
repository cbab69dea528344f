/**
 * An agency's sign-in rules, set through the admin API as its administrator would:
 * GET /rest/v1/admin/agency for the ETag, then PATCH with If-Match.
 *
 *   await setSecurityPolicy(founderSession, { mfa_required: 'everyone', inactivity_minutes: 1 });
 */
import { inject } from 'vitest';
import type { Session } from '../../core/contracts/auth.ts';
import type { SecurityPolicy } from '../../core/contracts/agency.ts';

export async function setSecurityPolicy(
  session: Pick<Session, 'access_token'>,
  policy: SecurityPolicy,
  baseUrl = inject('baseUrl'),
): Promise<void> {
  const headers = { authorization: `Bearer ${session.access_token}`, accept: 'application/json' };
  const current = await fetch(`${baseUrl}/rest/v1/admin/agency`, { headers });
  if (!current.ok) throw new Error(`GET /rest/v1/admin/agency answered ${current.status}: ${await current.text()}`);
  const etag = current.headers.get('etag');
  if (!etag) throw new Error('GET /rest/v1/admin/agency gave no ETag');
  const changed = await fetch(`${baseUrl}/rest/v1/admin/agency`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json', 'if-match': etag },
    body: JSON.stringify({ security_policy: policy }),
  });
  if (!changed.ok) throw new Error(`PATCH /rest/v1/admin/agency answered ${changed.status}: ${await changed.text()}`);
}
