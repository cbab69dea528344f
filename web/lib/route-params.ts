import { notFound, rootRouteId } from '@tanstack/react-router';
import { isUuid } from '../../core/ids.ts';

/**
 * Path parameter validation (spec section 2): ids are UUIDs; a parameter that fails is a fatal
 * not-found, shown by the root's not-found page with 'Page not found: {path}'.
 */

export { isUuid };

/** Throws the root not-found when a parameter is not a UUID; returns the id lower-cased. */
export function parseUuidParam(value: string | undefined): string {
  if (!isUuid(value)) throw notFound({ routeId: rootRouteId });
  return value.toLowerCase();
}

/** `params` options for a route whose listed parameters are all UUIDs. */
export function uuidParams<const TName extends string>(...names: TName[]) {
  return {
    parse: (raw: Record<TName, string>): Record<TName, string> => {
      const parsed = {} as Record<TName, string>;
      for (const name of names) parsed[name] = parseUuidParam(raw[name]);
      return parsed;
    },
    stringify: (params: Record<TName, string>): Record<TName, string> => params,
  };
}
