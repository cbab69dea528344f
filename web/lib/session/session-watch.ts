import { accountApi } from '../../../core/contracts/auth-api.ts';
import { configureApiClient } from '../api-client.ts';
import { callEndpoint } from '../api.ts';

/**
 * Inactivity (CJIS AC-11): the server ends a session idle past the agency's limit, measured from
 * requests the user caused. This watch keeps the browser's side of that honest:
 *
 *  - a request counts as the user's when they pressed a key, clicked, touched or scrolled shortly
 *    before it (or the page has just loaded); anything later is the app on its own (a background
 *    refetch) and carries `x-precinct-background: 1`;
 *  - input that causes no request (typing a long report) is reported with a light keep-alive, at
 *    most every KEEP_ALIVE_EVERY_MS, so a busy user is not signed out;
 *  - while the user does nothing, a background probe asks every PROBE_EVERY_MS whether the session
 *    still lives, so the browser signs out, with the server's notice, soon after the server ends it
 *    (the browser does not know the agency's limit; it is at least a minute).
 */

/** Input this recent makes a request the user's doing. */
export const USER_CAUSED_WINDOW_MS = 10_000;
/** Input with no user-caused request for this long sends a keep-alive. */
export const KEEP_ALIVE_EVERY_MS = 20_000;
/** The shortest inactivity limit an agency can set (1 minute): no probe before this much quiet. */
export const PROBE_AFTER_QUIET_MS = 60_000;
export const PROBE_EVERY_MS = 15_000;

const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/** The server's own endpoint that any live session may read (aal1 too) and that is not rate limited. */
const PROBE = accountApi.getProfile;

export type ActivityClock = {
  now: number;
  /** The user's last input (or the page load). */
  lastInputAt: number;
  /** The last request sent as the user's. */
  lastUserRequestAt: number;
};

export function classifyRequestAt(clock: Pick<ActivityClock, 'now' | 'lastInputAt'>): 'user' | 'background' {
  return clock.now - clock.lastInputAt <= USER_CAUSED_WINDOW_MS ? 'user' : 'background';
}

/** On input: whether to tell the server the user is here (no user-caused request for a while). */
export function shouldKeepAlive(clock: ActivityClock & { signedIn: boolean }): boolean {
  return clock.signedIn && clock.now - clock.lastUserRequestAt >= KEEP_ALIVE_EVERY_MS;
}

/** On the probe timer: whether to ask the server if the session still lives. */
export function shouldProbe(clock: ActivityClock & { signedIn: boolean }): boolean {
  return (
    clock.signedIn && clock.now - clock.lastInputAt >= PROBE_AFTER_QUIET_MS && clock.now - clock.lastUserRequestAt >= PROBE_AFTER_QUIET_MS
  );
}

let stopWatch: (() => void) | null = null;

/**
 * Starts the watch (once per page). Errors of the probe and the keep-alive go through the API
 * client's error hook, which signs out on an ended session; others are ignored.
 */
export function startSessionWatch({ isSignedIn, now = () => Date.now() }: { isSignedIn: () => boolean; now?: () => number }): () => void {
  if (stopWatch) return stopWatch;
  const clock = { lastInputAt: now(), lastUserRequestAt: now() };
  let inFlight = false;
  const ask = (background: boolean) => {
    if (inFlight) return;
    inFlight = true;
    if (!background) clock.lastUserRequestAt = now();
    void callEndpoint(PROBE, { background })
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
      });
  };
  configureApiClient({
    classifyRequest: () => {
      const kind = classifyRequestAt({ now: now(), lastInputAt: clock.lastInputAt });
      if (kind === 'user') clock.lastUserRequestAt = now();
      return kind;
    },
  });
  const onInput = () => {
    clock.lastInputAt = now();
    if (shouldKeepAlive({ ...clock, now: now(), signedIn: isSignedIn() })) ask(false);
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  const timer = setInterval(() => {
    if (shouldProbe({ ...clock, now: now(), signedIn: isSignedIn() })) ask(true);
  }, PROBE_EVERY_MS);
  stopWatch = () => {
    clearInterval(timer);
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    stopWatch = null;
  };
  return stopWatch;
}
