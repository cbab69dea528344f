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

/**
 * A new password must be at least the agency's minimum length and not one of the most common
 * passwords. No composition rules and no forced expiry (NIST SP 800-63B, CJIS IA-5).
 */
export function assertAcceptablePassword(password: string, policy: SecurityPolicy, field = 'password') {
  const { min_password_length: minimum } = effectiveSecurityPolicy(policy);
  if (password.length < minimum) throw validationError({ [field]: `Use at least ${minimum} characters` });
  if (commonPasswords().has(password.toLowerCase()))
    throw validationError({ [field]: 'This is one of the most common passwords, so it is easy to guess; choose another' });
}
