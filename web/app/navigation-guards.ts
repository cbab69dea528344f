import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { UserProfile } from '../../core/contracts/agency.ts';
import { moduleForPath } from '../../core/modules.ts';
import { profileQueryOptions } from '../lib/session/get-profile.ts';
import { clearLocalSession, getAuthState } from '../lib/session/session.ts';
import { isApiError } from '../lib/api-error.ts';
import { appConfigQueryOptions } from './app-config.ts';
import { isAdminPath } from './guards/admin-guard.ts';
import { moduleGuardDecision } from './guards/module-guard.ts';
import { saveRedirectPath } from '../lib/session/redirect-cookie.ts';
import { signInGuardDecision } from './guards/sign-in-guard.ts';
import { serverRedirectDecision } from './server-redirects.ts';

/**
 * What runs before every navigation, in order: the server's redirects, the sign-in guard (spec
 * section 2), then the module-access guard (spec section 5). The decisions are the pure functions of
 * guards/ and server-redirects.ts; this file only carries them out.
 */

/** When this page was loaded: data older than it came from the device's offline copy. */
const PAGE_LOADED_AT = Date.now();

/**
 * The signed-in user's profile, loaded once per session. A 401 means the session is over: sign out
 * here, and the sign-in guard takes the visitor to the login path.
 */
export async function ensureProfile(queryClient: QueryClient): Promise<UserProfile | null> {
  const { session } = getAuthState();
  if (!session) return null;
  try {
    const options = profileQueryOptions(session.user.id);
    const kept = queryClient.getQueryState(options.queryKey);
    // A profile from the device's offline copy is older than this page: online, the guards need the
    // agency's current modules and the user's current roles, so it is fetched again (kept only offline).
    if (kept?.data !== undefined && kept.dataUpdatedAt < PAGE_LOADED_AT && navigator.onLine) {
      try {
        return await queryClient.fetchQuery({ ...options, staleTime: 0 });
      } catch (error) {
        if (isApiError(error) && error.status === 0) return kept.data;
        throw error;
      }
    }
    return await queryClient.ensureQueryData(options);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearLocalSession('session_ended');
      return null;
    }
    throw error;
  }
}

/** Whether the guards of a signed-in page wait for the profile: a module's or the admin area's pages. */
export function guardsNeedProfile(pathname: string): boolean {
  return moduleForPath(pathname) !== null || isAdminPath(pathname);
}

/** A promise that never settles: the page is being replaced by a full load. */
function leavingThePage(): Promise<never> {
  return new Promise<never>(() => undefined);
}

export async function runNavigationGuards(input: { location: ParsedLocation; queryClient: QueryClient; preload: boolean }): Promise<void> {
  const { location, queryClient, preload } = input;

  const config = await queryClient.ensureQueryData(appConfigQueryOptions);
  const serverRedirect = serverRedirectDecision({
    path: location.pathname,
    search: location.searchStr,
    hash: location.hash ? `#${location.hash}` : '',
    redirects: config.redirects,
    origin: window.location.origin,
  });
  if (serverRedirect.action === 'internal') throw redirect({ href: serverRedirect.href, replace: true });
  if (serverRedirect.action === 'external') {
    if (preload) return;
    window.location.replace(serverRedirect.href);
    return leavingThePage();
  }

  const signIn = signInGuardDecision({
    path: location.pathname,
    fullPath: location.href,
    signedIn: getAuthState().session !== null,
  });
  if (signIn.action === 'redirect') {
    if (signIn.savePath !== null && !preload) saveRedirectPath(signIn.savePath);
    throw redirect({ to: signIn.to, replace: true });
  }

  // The original waited a fixed 100 ms for the profile; this waits for the profile itself.
  if (!guardsNeedProfile(location.pathname)) return;
  const profile = await ensureProfile(queryClient);
  if (profile === null) {
    if (getAuthState().session === null) {
      if (!preload) saveRedirectPath(location.href);
      throw redirect({ to: '/login', replace: true });
    }
    return;
  }
  const moduleAccess = moduleGuardDecision({
    path: location.pathname,
    claims: getAuthState().claims,
    sysConfig: profile.agency_info.sys_config,
  });
  if (moduleAccess.action === 'redirect') {
    throw redirect({ to: moduleAccess.to, search: moduleAccess.search, replace: true });
  }
}
