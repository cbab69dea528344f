/**
 * The safe navigation helper (spec section 8): navigation to an external URL is refused unless the
 * caller explicitly allows it, and navigation to a script or data URL is always refused. An allowed
 * external target is opened with a full page load; an internal one goes through the router.
 */

export type NavigationTarget =
  { kind: 'internal'; href: string } | { kind: 'external'; href: string } | { kind: 'refused'; reason: string };

/** Protocols that run code or carry content inline: never navigated to. */
const REFUSED_PROTOCOLS = new Set(['javascript:', 'vbscript:', 'data:']);

export function classifyNavigationUrl(url: string, options: { origin: string; allowExternal?: boolean }): NavigationTarget {
  let parsed: URL;
  try {
    // The URL parser drops tabs and newlines and trims control characters the way a browser does,
    // so 'java\tscript:' is seen for what it is.
    parsed = new URL(url, options.origin);
  } catch {
    return { kind: 'refused', reason: `Not a valid URL: ${url}` };
  }
  if (REFUSED_PROTOCOLS.has(parsed.protocol)) {
    return { kind: 'refused', reason: `Navigation to a ${parsed.protocol} URL is refused` };
  }
  const base = new URL(options.origin);
  if (parsed.origin === base.origin && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) {
    return { kind: 'internal', href: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  }
  if (!options.allowExternal) {
    return { kind: 'refused', reason: `Navigation to an external URL is refused: ${parsed.href}` };
  }
  return { kind: 'external', href: parsed.href };
}

/**
 * A path that is safe to return to after sign-in: internal, and not the sign-in screen itself.
 * Anything else (an external URL, a script URL, garbage) becomes null.
 */
export function safeReturnPath(path: string | null | undefined, origin: string): string | null {
  if (!path) return null;
  const target = classifyNavigationUrl(path, { origin });
  if (target.kind !== 'internal') return null;
  if (target.href === '/login' || target.href.startsWith('/login?')) return null;
  return target.href;
}

export type RouterLike = { navigate: (options: { href: string; replace?: boolean }) => Promise<void> | void };

export class NavigationRefusedError extends Error {
  override readonly name = 'NavigationRefusedError';
}

/**
 * Navigates to `url`: internal targets through the router, allowed external ones with a full page
 * load. Throws NavigationRefusedError for refused targets.
 */
export async function navigateSafely(
  router: RouterLike,
  url: string,
  options: { allowExternal?: boolean; replace?: boolean } = {},
): Promise<void> {
  const target = classifyNavigationUrl(url, { origin: window.location.origin, allowExternal: options.allowExternal });
  switch (target.kind) {
    case 'refused':
      throw new NavigationRefusedError(target.reason);
    case 'internal':
      await router.navigate({ href: target.href, replace: options.replace });
      return;
    case 'external':
      if (options.replace) window.location.replace(target.href);
      else window.location.assign(target.href);
  }
}
