import type { InvitationPreview } from '../../core/contracts/auth.ts';
import { agencyOfLink, findLiveLink } from '../platform/one-time-links.ts';
import type { Services } from '../platform/services.ts';
import { findAgency } from './queries.ts';

/** GET /invite: what the sign-up screen shows about an invitation (made by server/admin/invitations.ts) before the person accepts it. */
export async function previewInvitation(services: Services, token: string): Promise<InvitationPreview> {
  const agencyId = agencyOfLink(token);
  return services.database.withTenant(agencyId, async (tx) => {
    const link = await findLiveLink(tx, agencyId, token, 'invitation');
    const agency = await findAgency(tx, agencyId);
    return { email: link.email, agency_name: agency?.name ?? '', expires_at: link.expiresAt.toISOString() };
  });
}
