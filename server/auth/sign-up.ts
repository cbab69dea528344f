import crypto from 'node:crypto';
import type { SignUpInput, SignUpResult } from '../../core/contracts/auth.ts';
import { createAgency, withNewAgency } from '../platform/agencies.ts';
import { AppError, validationError } from '../platform/errors.ts';
import type { RequestOrigin, Services } from '../platform/services.ts';
import { confirmationEmail } from './emails.ts';
import { agencyOfLink, createLink, spendLink } from '../platform/one-time-links.ts';
import { hashPassword } from './passwords.ts';
import { agencyIdForEmail, findAgency } from './queries.ts';
import { claimEmail, findUserById, insertUser, updateUser } from '../platform/users.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { startSession } from './sessions.ts';
import { userRoles } from '../db/schema.ts';

/**
 * Sign-up founds a new agency with its first administrator (who confirms the address by e-mail
 * before signing in), or accepts an invitation (the invitation e-mail proved the address, so the
 * user is signed in at once).
 */
export async function signUp(services: Services, input: SignUpInput, origin: RequestOrigin): Promise<SignUpResult> {
  if (input.invitation_token) return acceptInvitation(services, { ...input, invitation_token: input.invitation_token }, origin);
  return foundAgency(services, input);
}

async function foundAgency(services: Services, input: SignUpInput): Promise<SignUpResult> {
  const agencyInput = input.agency!;
  const answer: SignUpResult = { email: input.email, confirmation_sent: true, session: null };
  const existingAgency = await services.database.withoutTenant((tx) => agencyIdForEmail(tx, input.email));
  if (existingAgency) {
    await tellOwnerOfAttempt(services, existingAgency, input.email);
    return answer;
  }
  assertAcceptablePassword(input.password, {}, { email: input.email, name: input.name, agencyName: agencyInput.name });
  const passwordHash = await hashPassword(input.password);
  const userId = crypto.randomUUID();
  const created = await withNewAgency(services.database, async (tx, agencyId) => {
    // CJIS IA-2: a new agency requires a second factor of everyone until its administrator decides otherwise.
    const { agency, roleIds } = await createAgency(
      tx,
      {
        agencyId,
        name: agencyInput.name,
        ori: agencyInput.ori,
        timezone: agencyInput.timezone,
        securityPolicy: { mfa_required: 'everyone' },
      },
      services.modules,
    );
    // Claim the address first: if another sign-up took it a moment ago, nothing is created.
    if (!(await claimEmail(tx, input.email, userId))) return null;
    await insertUser(tx, {
      agencyId,
      id: userId,
      email: input.email,
      passwordHash,
      name: input.name,
      accountType: 'full',
      status: 'active',
    });
    await tx.insert(userRoles).values({ agencyId, userId, roleId: roleIds.get('administrator')! });
    const link = await createLink(tx, { agencyId, kind: 'confirm_signup', email: input.email, userId });
    await services.mailer.enqueue(
      tx,
      agencyId,
      confirmationEmail({
        to: input.email,
        name: input.name,
        agencyName: agency.name,
        link: `${services.config.publicUrl}/confirm?token=${link.token}`,
      }),
    );
    return agencyId;
  });
  if (!created) {
    const owner = await services.database.withoutTenant((tx) => agencyIdForEmail(tx, input.email));
    if (owner) await tellOwnerOfAttempt(services, owner, input.email);
  }
  return answer;
}

/** Someone tried to sign up with an address that has an account: tell its owner, not the caller. */
async function tellOwnerOfAttempt(services: Services, agencyId: string, email: string) {
  await services.database.withTenant(agencyId, (tx) =>
    services.mailer.enqueue(tx, agencyId, {
      to: email,
      subject: 'You already have a Precinct account',
      text: [
        'Someone tried to create a new Precinct account with this e-mail address, which already has one.',
        '',
        `If it was you, sign in at ${services.config.publicUrl}/login, or reset your password at ${services.config.publicUrl}/forgotpassword.`,
        'If it was not you, you can ignore this message.',
      ].join('\n'),
    }),
  );
}

async function acceptInvitation(
  services: Services,
  input: SignUpInput & { invitation_token: string },
  origin: RequestOrigin,
): Promise<SignUpResult> {
  const agencyId = agencyOfLink(input.invitation_token);
  const agency = await services.database.withTenant(agencyId, (tx) => findAgency(tx, agencyId));
  if (!agency) throw new AppError('invalid_token', 'This invitation is not valid');
  assertAcceptablePassword(input.password, agency.securityPolicy, { email: input.email, name: input.name, agencyName: agency.name });
  const passwordHash = await hashPassword(input.password);
  const session = await services.database.withTenant(agencyId, async (tx) => {
    const invitation = await spendLink(tx, agencyId, input.invitation_token, 'invitation');
    if (invitation.email !== input.email) throw validationError({ email: `This invitation is for ${invitation.email}` });
    const invited = invitation.userId ? await findUserById(tx, agencyId, invitation.userId) : undefined;
    if (!invited || invited.status !== 'invited') throw new AppError('invalid_token', 'This invitation has already been accepted');
    const user = await updateUser(tx, agencyId, invited.id, {
      name: input.name,
      passwordHash,
      status: 'active',
      emailConfirmedAt: new Date(),
    });
    return startSession(services, tx, user, 'password', origin);
  });
  return { email: input.email, confirmation_sent: false, session };
}
