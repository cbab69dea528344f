import type { RecoverInput, ResendInput } from '../../core/contracts/auth.ts';
import type { Services } from '../platform/services.ts';
import { confirmationEmail, recoveryEmail } from './emails.ts';
import { createLink, expireOneTimeTokens } from '../platform/one-time-links.ts';
import { agencyIdForEmail, findAgency, findUserByEmail } from './queries.ts';

/**
 * Both answer the same whether or not the address has an account, so they cannot be used to
 * learn who works where; the e-mail goes only to the address's owner.
 */
export async function requestPasswordRecovery(services: Services, input: RecoverInput): Promise<void> {
  const agencyId = await services.database.withoutTenant((tx) => agencyIdForEmail(tx, input.email));
  if (!agencyId) return;
  await services.database.withTenant(agencyId, async (tx) => {
    const user = await findUserByEmail(tx, agencyId, input.email);
    if (!user || user.status !== 'active') return;
    await expireOneTimeTokens(tx, agencyId, user.id, 'recovery');
    const link = await createLink(tx, { agencyId, kind: 'recovery', email: user.email, userId: user.id });
    await services.mailer.enqueue(
      tx,
      agencyId,
      recoveryEmail({ to: user.email, name: user.name, link: `${services.config.publicUrl}/forgotpassword/update?token=${link.token}` }),
    );
  });
}

export async function resendConfirmation(services: Services, input: ResendInput): Promise<void> {
  const agencyId = await services.database.withoutTenant((tx) => agencyIdForEmail(tx, input.email));
  if (!agencyId) return;
  await services.database.withTenant(agencyId, async (tx) => {
    const user = await findUserByEmail(tx, agencyId, input.email);
    if (!user || user.status !== 'active' || user.emailConfirmedAt) return;
    const agency = await findAgency(tx, agencyId);
    await expireOneTimeTokens(tx, agencyId, user.id, 'confirm_signup');
    const link = await createLink(tx, { agencyId, kind: 'confirm_signup', email: user.email, userId: user.id });
    await services.mailer.enqueue(
      tx,
      agencyId,
      confirmationEmail({
        to: user.email,
        name: user.name,
        agencyName: agency?.name ?? 'your agency',
        link: `${services.config.publicUrl}/confirm?token=${link.token}`,
      }),
    );
  });
}
