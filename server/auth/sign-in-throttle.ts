import crypto from 'node:crypto';
import { AppError } from '../platform/errors.ts';

/**
 * Progressive delays between failed sign-ins (ASVS 2.2.1), per e-mail address and per network
 * address, kept in this process's memory. They apply to an address with an account and one without
 * alike, so a delay tells nothing about who exists; the account lockout (lockout.ts) still counts in
 * the database. Past the free attempts, each further failure doubles the wait before the next
 * attempt is even checked, up to 10 minutes, so a script can neither guess on nor lock a whole
 * agency's accounts from one address in minutes. Behind several server processes each keeps its own
 * counts: the delay then grows a little slower, never not at all.
 */
export interface ThrottleRule {
  /** Failures within the window that cost no wait. */
  free: number;
  /** The first wait after the free ones; doubles with each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** An account's address: the lockout locks at 5; guessing on past 10 waits 1 s, 2 s, 4 s… up to 10 minutes. */
export const PER_EMAIL: ThrottleRule = { free: 10, firstDelayMs: 1_000, maxDelayMs: 10 * 60_000 };
/** A network address (a station's officers share one): SIGN_IN_FAILURES_PER_ADDRESS failures (30) in 15 minutes before any wait. */
export const perNetworkAddress = (free: number): ThrottleRule => ({ free, firstDelayMs: 1_000, maxDelayMs: 10 * 60_000 });
/** Failures older than this are forgotten, as the lockout's 15-minute window. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
const MAX_ENTRIES = 100_000;

/** The wait after `failures` failures in a row under `rule` (0 while they are free). */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.free));
}

export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds === 1 ? '1 second' : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError('rate_limited', `Too many sign-in attempts; try again in ${wait}`, { hint: `retry after ${seconds} s` });
}

interface Entry {
  failures: number;
  lastFailureAt: number;
}

export class SignInThrottle {
  readonly #entries = new Map<string, Entry>();
  readonly #perNetworkAddress: ThrottleRule;
  readonly #now: () => number;

  constructor(options: { failuresPerAddress: number; now?: () => number }) {
    this.#perNetworkAddress = perNetworkAddress(options.failuresPerAddress);
    this.#now = options.now ?? Date.now;
  }

  /** Refuses the attempt (429) while any of its keys is still waiting out its delay. */
  check(email: string, networkAddress: string | null): void {
    const wait = Math.max(
      this.#waitFor(emailKey(email), PER_EMAIL),
      networkAddress ? this.#waitFor(`ip:${networkAddress}`, this.#perNetworkAddress) : 0,
    );
    if (wait > 0) throw tooManyAttempts(wait);
  }

  failed(email: string, networkAddress: string | null): void {
    this.#count(emailKey(email));
    if (networkAddress) this.#count(`ip:${networkAddress}`);
  }

  /** A right password clears the address's count (not the network address's: others may be guessing from it). */
  succeeded(email: string): void {
    this.#entries.delete(emailKey(email));
  }

  #waitFor(key: string, rule: ThrottleRule): number {
    const entry = this.#live(key);
    if (!entry) return 0;
    return entry.lastFailureAt + delayAfter(rule, entry.failures) - this.#now();
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && this.#now() - entry.lastFailureAt > THROTTLE_WINDOW_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #count(key: string): void {
    const entry = this.#live(key);
    // Re-inserted so the map's order is oldest failure first, which is what pruning drops.
    this.#entries.delete(key);
    this.#entries.set(key, { failures: (entry?.failures ?? 0) + 1, lastFailureAt: this.#now() });
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}

/** Addresses are kept hashed: a typo of a real address is personal data. */
function emailKey(email: string): string {
  return `email:${crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}
