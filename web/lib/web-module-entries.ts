import type { Claims } from '../../core/permissions.ts';
import { useWebModules, type WebModuleEntry, type WebModuleKey } from './web-modules.tsx';

/**
 * The entries (navigation, home tile) of the web modules that core/modules.ts does not list (the admin
 * area) that are for these claims. Its own file, so that it loads with the app frame rather than with
 * every page.
 */
export function useWebModuleEntries(claims: Claims | null): (WebModuleEntry & { key: WebModuleKey })[] {
  return useWebModules().flatMap(({ key, entry }) => (entry?.isFor(claims) ? [{ ...entry, key }] : []));
}
