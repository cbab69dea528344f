import fs from 'node:fs';
import { effectiveSecurityPolicy, type SecurityPolicy } from '../../core/contracts/agency.ts';
import { validationError } from '../platform/errors.ts';

let common: Set<string> | null = null;

/** The shipped list of the 10,000 most common passwords (data/README.md says where it comes from). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

/** What a guesser of this account would try first: who the user is and where they work. */
export interface PasswordContext {
  email: string;
  name?: string | null | undefined;
  agencyName?: string | null | undefined;
}

/** Context words shorter than this are too common inside other words to refuse a password over. */
const MIN_CONTEXT_WORD = 4;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** `letmein123!`, `Summer2026#` and `precinct!!` are their word with a suffix a guesser adds anyway. */
const withoutSuffix = (password: string) => password.replace(/[\d\W_]+$/u, '');

function contextWords({ email, name, agencyName }: PasswordContext): string[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const words = [email, local, ...local.split(/[._+-]+/), ...domain.split('.').slice(0, -1), 'precinct'];
  for (const phrase of [name, agencyName]) if (phrase) words.push(phrase, ...phrase.split(/\s+/));
  return [...new Set(words.map(letters).filter((word) => word.length >= MIN_CONTEXT_WORD))];
}

/**
 * A new password must be at least the agency's minimum length, not one of the most common passwords
 * (also with trailing digits and symbols taken off), and not made mostly of the user's e-mail
 * address, name or agency's name. No composition rules and no forced expiry (NIST SP 800-63B 5.1.1.2,
 * CJIS IA-5). Whether it repeats the current password is checked where the current hash is at hand.
 */
export function assertAcceptablePassword(password: string, policy: SecurityPolicy, context: PasswordContext, field = 'password') {
  const { min_password_length: minimum } = effectiveSecurityPolicy(policy);
  if (password.length < minimum) throw validationError({ [field]: `Use at least ${minimum} characters` });
  const stem = withoutSuffix(password).toLowerCase();
  if (commonPasswords().has(password.toLowerCase()) || (stem.length > 0 && commonPasswords().has(stem)))
    throw validationError({ [field]: 'This is one of the most common passwords, so it is easy to guess; choose another' });
  const base = letters(withoutSuffix(password)) || letters(password);
  const guessable = contextWords(context).some((word) => base === word || (base.includes(word) && word.length * 2 >= base.length));
  if (guessable)
    throw validationError({
      [field]:
        'Do not build your password from your name, your e-mail address or your agency’s name; someone guessing would try those first',
    });
}
