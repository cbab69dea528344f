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
 *
 * A network address may be a whole station behind one router, so its rule counts password spraying,
 * not mistakes: the different e-mail addresses that failed from it (one officer's typos count once,
 * and are the e-mail rule's business), and an address that signed in from it within the window is
 * never held up by it, so someone spraying from the station's network cannot keep its officers out.
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
/** A network address: SIGN_IN_FAILURES_PER_ADDRESS different e-mail addresses failing (30) in 15 minutes before any wait. */
const perNetworkAddress = (free: number): ThrottleRule => ({ free, firstDelayMs: 1_000, maxDelayMs: 10 * 60_000 });
/** Failures (and successes) older than this are forgotten, as the lockout's 15-minute window. */
const THROTTLE_WINDOW_MS = 15 * 60_000;
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

export class SignInThrottle {
  /** Per e-mail address: how many failures. */
  readonly #emails: Recent<number>;
  /** Per network address: the e-mail addresses that failed from it. */
  readonly #networkAddresses: Recent<Set<string>>;
  /** Per network address and e-mail address: a sign-in that succeeded. */
  readonly #signedIn: Recent<true>;
  readonly #perNetworkAddress: ThrottleRule;
  readonly #now: () => number;

  constructor(options: { failuresPerAddress: number; now?: () => number }) {
    this.#now = options.now ?? Date.now;
    this.#emails = new Recent(this.#now);
    this.#networkAddresses = new Recent(this.#now);
    this.#signedIn = new Recent(this.#now);
    this.#perNetworkAddress = perNetworkAddress(options.failuresPerAddress);
  }

  /** Refuses the attempt (429) while any rule that applies to it is still waiting out its delay. */
  check(email: string, networkAddress: string | null): void {
    const key = emailKey(email);
    const failures = this.#emails.get(key);
    const sprayed =
      networkAddress && !this.#signedIn.get(`${networkAddress} ${key}`) ? this.#networkAddresses.get(networkAddress) : undefined;
    const wait = Math.max(
      failures ? failures.at + delayAfter(PER_EMAIL, failures.value) - this.#now() : 0,
      sprayed ? sprayed.at + delayAfter(this.#perNetworkAddress, sprayed.value.size) - this.#now() : 0,
    );
    if (wait > 0) throw tooManyAttempts(wait);
  }

  failed(email: string, networkAddress: string | null): void {
    const key = emailKey(email);
    this.#emails.set(key, (this.#emails.get(key)?.value ?? 0) + 1);
    if (networkAddress)
      this.#networkAddresses.set(networkAddress, (this.#networkAddresses.get(networkAddress)?.value ?? new Set()).add(key));
  }

  /**
   * A right password clears the e-mail address's count and takes it off the network address's list
   * (it was a typo, not a guess), and lets it past the network address's rule for the window; the
   * other addresses that failed from there still count.
   */
  succeeded(email: string, networkAddress: string | null): void {
    const key = emailKey(email);
    this.#emails.delete(key);
    if (!networkAddress) return;
    this.#networkAddresses.get(networkAddress)?.value.delete(key);
    this.#signedIn.set(`${networkAddress} ${key}`, true);
  }
}

/**
 * Values by key, each forgotten THROTTLE_WINDOW_MS after it was last set, and at most MAX_ENTRIES of
 * them (the oldest dropped first), so a flood of addresses cannot grow the process without bound.
 */
class Recent<V> {
  readonly #entries = new Map<string, { value: V; at: number }>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  get(key: string): { value: V; at: number } | undefined {
    const entry = this.#entries.get(key);
    if (entry && this.#now() - entry.at > THROTTLE_WINDOW_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, value: V): void {
    // Re-inserted so the map's order is oldest first, which is what pruning drops.
    this.#entries.delete(key);
    this.#entries.set(key, { value, at: this.#now() });
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

/** Addresses are kept hashed: a typo of a real address is personal data. */
function emailKey(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}
