import { matchesRoutePattern } from '../../core/route-patterns.ts';
import { classifyNavigationUrl } from '../lib/safe-navigation.ts';

/**
 * Route redirects defined by the server (spec section 2: routes may have server-defined redirects;
 * an external target causes a full page load). `from` is a path pattern (wildcards allowed); the
 * first matching entry wins. The query and hash of the visited URL are kept for internal targets
 * that have none of their own.
 */

export type ServerRedirect = { from: string; to: string; permanent: boolean };

export type RedirectDecision =
  { action: 'pass' } | { action: 'internal'; href: string; permanent: boolean } | { action: 'external'; href: string; permanent: boolean };

export function serverRedirectDecision(input: {
  path: string;
  search: string;
  hash: string;
  redirects: readonly ServerRedirect[];
  origin: string;
}): RedirectDecision {
  const entry = input.redirects.find((redirect) => matchesRoutePattern(input.path, redirect.from));
  if (!entry) return { action: 'pass' };
  // The server's table is trusted to point elsewhere, but never to a script or data URL.
  const target = classifyNavigationUrl(entry.to, { origin: input.origin, allowExternal: true });
  switch (target.kind) {
    case 'refused':
      return { action: 'pass' };
    case 'external':
      return { action: 'external', href: target.href, permanent: entry.permanent };
    case 'internal': {
      const url = new URL(target.href, input.origin);
      if (matchesRoutePattern(url.pathname, entry.from)) return { action: 'pass' };
      const search = url.search || input.search;
      const hash = url.hash || input.hash;
      return { action: 'internal', href: `${url.pathname}${search}${hash}`, permanent: entry.permanent };
    }
  }
}
