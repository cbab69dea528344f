import { matchesAnyRoutePattern, matchesRoutePattern } from '../../../core/route-patterns.ts';

/**
 * The sign-in guard's decision for one navigation (spec section 2), as a pure function: skipped for
 * the login path, the callback path, excluded routes and routes outside the include list (when one is
 * configured); otherwise a signed-out visitor goes to the login path, with the full attempted path
 * saved first when the cookie-redirect option is on.
 */

export type SignInGuardOptions = {
  loginPath: string;
  /** Where e-mailed sign-in links land. */
  callbackPath: string;
  /** When set, only matching routes are guarded. */
  include?: readonly string[];
  /** Routes a signed-out visitor may open. Wildcards allowed. */
  exclude: readonly string[];
  /** Save the attempted path in a cookie before going to the login path. */
  cookieRedirect: boolean;
};

/** Signed-out visitors reach only these (issue 4). */
export const SIGN_IN_GUARD_OPTIONS: SignInGuardOptions = {
  loginPath: '/login',
  callbackPath: '/confirm',
  exclude: ['/', '/login', '/signup', '/confirm', '/forgotpassword', '/forgotpassword/*', '/comingsoon', '/disabled'],
  cookieRedirect: true,
};

export type SignInGuardDecision = { action: 'pass' } | { action: 'redirect'; to: string; savePath: string | null };

export function signInGuardDecision(input: {
  /** The path alone, for matching. */
  path: string;
  /** Path, query and hash: what is saved for the return after sign-in. */
  fullPath: string;
  signedIn: boolean;
  options?: SignInGuardOptions;
}): SignInGuardDecision {
  const options = input.options ?? SIGN_IN_GUARD_OPTIONS;
  const { path } = input;
  if (matchesRoutePattern(path, options.loginPath) || matchesRoutePattern(path, options.callbackPath)) {
    return { action: 'pass' };
  }
  if (matchesAnyRoutePattern(path, options.exclude)) return { action: 'pass' };
  if (options.include && !matchesAnyRoutePattern(path, options.include)) return { action: 'pass' };
  if (input.signedIn) return { action: 'pass' };
  return { action: 'redirect', to: options.loginPath, savePath: options.cookieRedirect ? input.fullPath : null };
}
