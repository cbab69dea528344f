import { takeRedirectPath } from '../lib/session/redirect-cookie.ts';
import { safeReturnPath } from '../lib/safe-navigation.ts';

/**
 * Where to go after signing in: the path the sign-in guard saved (read once, then cleared), when it
 * is a safe internal path, else home.
 */
export function pathAfterSignIn(): string {
  return safeReturnPath(takeRedirectPath(), window.location.origin) ?? '/';
}
