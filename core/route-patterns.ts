/**
 * Path patterns for the guards' include and exclude lists and the server's redirects (spec section
 * 2: wildcard patterns are allowed; the server matches them too, to choose the page it sends). A pattern is a path in which `*` stands for any run of characters, slashes included:
 * `/forgotpassword/*` matches `/forgotpassword/update` and anything below it, but not
 * `/forgotpassword` itself. Matching ignores a trailing slash and letter case, as the router does.
 */

function normalizePath(path: string): string {
  const pathOnly = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = pathOnly.length > 1 ? pathOnly.replace(/\/+$/, '') : pathOnly;
  return (trimmed || '/').toLowerCase();
}

export function matchesRoutePattern(path: string, pattern: string): boolean {
  const source = normalizePath(pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(normalizePath(path));
}

export function matchesAnyRoutePattern(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesRoutePattern(path, pattern));
}
