import type { RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { notify } from '../platform/notices.ts';
import { findPerson } from '../platform/people.ts';

/**
 * Tells a person about a field training record in the bell and by e-mail, inside the change's
 * transaction (the mail leaves once it commits). Nobody is told of their own action.
 */
export async function tell(
  tx: Tx,
  ctx: RequestContext,
  userId: string,
  message: { kind: string; title: string; body: string; link: string },
): Promise<void> {
  if (userId === ctx.scope.userId) return;
  const person = await findPerson(tx, ctx.scope.agencyId, userId);
  if (!person) return;
  await notify(tx, ctx.scope.agencyId, userId, message);
  await ctx.services.mailer.enqueue(tx, ctx.scope.agencyId, {
    to: person.email,
    subject: message.title,
    text: [`Hello ${person.name},`, '', message.body, '', `Open it at ${ctx.services.config.publicUrl}${message.link}`].join('\n'),
  });
}
