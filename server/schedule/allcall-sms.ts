import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AllcallOutcome, AllcallSmsAnswer, AllcallSmsInput } from '../../core/contracts/schedule-allcall.ts';
import { ALLCALL_SMS_SECRET_HEADER, AllcallSmsInput as SmsSchema } from '../../core/contracts/schedule-allcall.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import type { RequestContext } from '../platform/context.ts';
import type { PublicContext } from '../platform/endpoints.ts';
import { AppError } from '../platform/errors.ts';
import { answerCall, phoneDigits } from './allcall.ts';
import * as q from './allcall-queries.ts';
import { scheduleSettingsOf } from './settings.ts';

/**
 * The SMS relay's inbound webhook (POST /functions/v1/allcall-sms-reply): a reply such as "417 YES"
 * from a phone an all-call was texted to answers that call, as the officer it was sent to. The relay
 * proves itself with the shared secret (SMS_INBOUND_SECRET) in a header, compared in constant time;
 * without it, or with a wrong one, 401. The call is found across agencies by the SQL function
 * precinct_allcall_for_sms (the number the text went to and the call's number; it sees nothing else),
 * called as the owner; everything after it happens in that agency's scope. The answer is the text to
 * send back.
 */

const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();

function checkSecret(expected: string | undefined, sent: string | string[] | undefined): void {
  const given = typeof sent === 'string' ? sent : '';
  // Hashing first makes both sides the same length, so the comparison takes the same time whatever was sent.
  const matches = crypto.timingSafeEqual(digest(given), digest(expected ?? ''));
  if (!expected || !given || !matches)
    throw new AppError('unauthorized', 'This webhook needs the SMS relay’s shared secret', {
      hint: `send it in the ${ALLCALL_SMS_SECRET_HEADER} header (SMS_INBOUND_SECRET)`,
    });
}

/** "417 YES", "yes 417", "417 y", "417 no": the call's number and the answer; null when either is missing. */
export function readReply(text: string): { number: number; answer: 'accept' | 'decline' } | null {
  const number = /(?:^|\D)(\d{1,9})(?!\d)/.exec(text)?.[1];
  const word = /\b(yes|y|no|n)\b/i.exec(text.replace(/\d+/g, ' '))?.[1]?.toLowerCase();
  if (!number || !word) return null;
  return { number: Number(number), answer: word.startsWith('y') ? 'accept' : 'decline' };
}

const REPLIES: Record<AllcallOutcome, (n: number) => string> = {
  taken: (n) => `All-call ${n} is yours. It is on your schedule as overtime.`,
  filled: (n) => `All-call ${n} is already filled. Thank you.`,
  closed: (n) => `All-call ${n} is closed: replies are no longer taken. Thank you.`,
  cancelled: (n) => `All-call ${n} was cancelled: it is no longer needed.`,
  declined: (n) => `Noted: you cannot take all-call ${n}.`,
};

interface Match {
  agency_id: string;
  allcall_id: string;
  user_id: string;
}

export async function allcallSmsReply(ctx: PublicContext, request: FastifyRequest, input: AllcallSmsInput): Promise<AllcallSmsAnswer> {
  const { services } = ctx;
  checkSecret(services.config.smsInboundSecret, request.headers[ALLCALL_SMS_SECRET_HEADER]);
  const { from, text } = SmsSchema.parse(input);
  const reply = readReply(text);
  if (!reply) return { outcome: 'unreadable', reply: 'To take an all-call, reply with its number and YES, for example 417 YES.' };
  const noCall = { outcome: 'no_call' as const, reply: `There is no all-call ${reply.number} for this phone.` };
  const digits = phoneDigits(from);
  if (!digits) return noCall;
  // A relay writes +1 and ten digits where a roster may have written the ten: both forms are tried (North American numbers).
  const forms = [...new Set([digits, digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : `1${digits}`])];
  let matches: Match[] = [];
  for (const form of forms) {
    matches = await services.database.scopedCall<Match>(
      sql`select agency_id, allcall_id, user_id from precinct_allcall_for_sms(${form}, ${reply.number}::integer)`,
    );
    if (matches.length > 0) break;
  }
  // The same phone may be on two agencies' rosters with the same number in each: an open call comes first.
  const ordered: Array<Match & { open: boolean }> = [];
  for (const match of matches) {
    const open = await services.database.withTenant(match.agency_id, async (tx) => {
      const found = await q.findSummary(tx, match.agency_id, match.allcall_id);
      return found?.status === 'open';
    });
    ordered.push({ ...match, open });
  }
  ordered.sort((a, b) => Number(b.open) - Number(a.open));
  const match = ordered[0];
  if (!match) return noCall;

  const result = await services.database
    .withTenant(
      match.agency_id,
      async (tx): Promise<{ outcome: AllcallOutcome } | null> => {
        const sysConfig = await readSysConfig(tx, match.agency_id);
        const person = await q.contactOf(tx, match.agency_id, match.user_id);
        if (!sysConfig || !scheduleSettingsOf(sysConfig).enabled || !person || person.status !== 'active') return null;
        // The officer acts, through the relay: their answer is theirs in the audit log, from the relay's address.
        const acting: RequestContext = {
          services,
          sysConfig,
          scope: {
            agencyId: match.agency_id,
            userId: person.id,
            sessionId: '',
            accountType: person.accountType,
            roles: [],
            permissions: [],
            aal: 'aal1',
            secondFactorDue: false,
          },
          actor: { userId: person.id, email: person.email, origin: { ip: ctx.origin.ip, userAgent: 'SMS reply' } },
        };
        return { outcome: (await answerCall(tx, acting, match.allcall_id, reply.answer, 'sms')).outcome };
      },
      { userId: match.user_id },
    )
    .catch((error: unknown) => {
      // A refusal (they work a shift then by now) is answered in words; anything else is the server's.
      if (error instanceof AppError && error.code === 'conflict') return { refused: error.message };
      throw error;
    });
  if (result === null) return noCall;
  if ('refused' in result) return { outcome: 'refused', reply: result.refused };
  return { outcome: result.outcome, reply: REPLIES[result.outcome](reply.number) };
}
