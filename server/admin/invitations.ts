import crypto from 'node:crypto';
import type { AccountType } from '../../core/contracts/auth.ts';
import { userRoles } from '../db/schema.ts';
import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/database.ts';
import { createLink } from '../platform/one-time-links.ts';
import type { Services } from '../platform/services.ts';
import { claimEmail, insertUser } from '../platform/users.ts';
import { findAgencyRow } from './queries.ts';

/**
 * Invites a person into the caller's agency: an `invited` user (holding the address, so nobody else
 * can take it) and an e-mailed link to /signup that lets them choose their password. Used by the
 * admin area; runs in the caller's tenant transaction.
 */
export async function createInvitation(
  services: Services,
  tx: Tx,
  input: { agencyId: string; invitedBy: string | null; email: string; name: string; accountType: AccountType; roleIds: string[] },
): Promise<{ userId: string; token: string; expiresAt: Date }> {
  const userId = crypto.randomUUID();
  if (!(await claimEmail(tx, input.email, userId)))
    throw new AppError('email_exists', 'Someone already has an account with this e-mail address', {
      fields: { email: 'Someone already has an account with this e-mail address' },
    });
  await insertUser(tx, {
    agencyId: input.agencyId,
    id: userId,
    email: input.email,
    name: input.name,
    accountType: input.accountType,
    status: 'invited',
  });
  if (input.roleIds.length > 0)
    await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ agencyId: input.agencyId, userId, roleId })));
  const link = await createLink(tx, {
    agencyId: input.agencyId,
    kind: 'invitation',
    email: input.email,
    userId,
    ...(input.invitedBy ? { createdBy: input.invitedBy } : {}),
  });
  const agency = await findAgencyRow(tx, input.agencyId);
  await services.mailer.enqueue(tx, input.agencyId, {
    to: input.email,
    subject: `You are invited to ${agency?.name ?? 'your agency'} on Precinct`,
    text: [
      `Hello ${input.name},`,
      '',
      `${agency?.name ?? 'Your agency'} has invited you to Precinct. Choose your password and sign in here:`,
      '',
      `${services.config.publicUrl}/signup?invitation=${link.token}`,
      '',
      `The invitation expires on ${link.expiresAt.toUTCString()}.`,
    ].join('\n'),
  });
  return { userId, token: link.token, expiresAt: link.expiresAt };
}
