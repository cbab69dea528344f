import { stripSearchParams, type SearchMiddleware, type SearchSchemaInput } from '@tanstack/react-router';
import { z } from 'zod';
import { isUuid } from '../../core/ids.ts';
import { PAGE_SIZES } from '../ui/paging.ts';

/**
 * A screen's state kept in its URL's query (/admin/users?q=…&status=…&sort=…&page=…), so a reload, a
 * shared link and the back button all show the same thing. The route validates it with zod through
 * TanStack Router's `validateSearch`; the screen reads it typed with `useSearch({ from })` and
 * navigates with the whole state, of which the router leaves the defaults out of the URL (the plain
 * list is the plain path).
 *
 * Every field falls back to its default when it is missing or unreadable, never an error: a
 * hand-edited or outdated URL still opens the screen. The keys are the URL's own (page_size, not
 * pageSize), so there is nothing to translate.
 */

export const DEFAULT_PAGE_SIZE = 25;

/** YYYY-MM-DD that is a real calendar date. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A whole number from 1 to 999999, written as digits in the URL (or already a number, while navigating). */
const wholeNumber = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(999_999));

/** The kinds of field a URL's query holds, each with its fallback. */
export const searchField = {
  /** Free text (a search box), cut to `max` characters; '' when absent. */
  text: (max: number) =>
    z
      .string()
      .transform((value) => value.slice(0, max))
      .catch(''),
  /** One of `values`, else `fallback` (a sort column, an order, a tab). */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.enum(values).catch(fallback),
  /** One of `values`, else null (a filter that is off). */
  optionalOneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().catch(null),
  /** The page, from 1. */
  page: () => wholeNumber.catch(1),
  /** Rows per page, one of PAGE_SIZES. */
  pageSize: () => wholeNumber.refine((size) => (PAGE_SIZES as readonly number[]).includes(size)).catch(DEFAULT_PAGE_SIZE),
  /** A record's id (a UUID, lower-cased), else null. */
  id: () =>
    z
      .string()
      .refine(isUuid)
      .transform((id) => id.toLowerCase())
      .nullable()
      .catch(null),
  /** A calendar date YYYY-MM-DD, else null. */
  date: () => z.string().refine(isCalendarDate).nullable().catch(null),
  /** A key of one of the agency's lists (`patrol`, `oil_change`), else null. */
  key: () =>
    z
      .string()
      .regex(/^[a-z0-9_]{1,40}$/)
      .nullable()
      .catch(null),
  /** Text matching `pattern`, at most `max` characters, else null. */
  matching: (pattern: RegExp, max: number) => z.string().max(max).regex(pattern).nullable().catch(null),
};

/**
 * A route's search parameters: `route` goes into createRoute (validateSearch, and the middleware that
 * leaves the defaults out of the URL); `parse` reads a query and `query` says what the URL holds for a
 * state, as the router does (for tests, and anything outside a route).
 */
export function urlSearch<const TShape extends z.ZodRawShape>(shape: TShape) {
  const schema = z.object(shape);
  type Search = z.output<typeof schema>;
  const parse = (raw: Record<string, unknown>): Search => schema.parse(raw);
  const defaults = parse({});
  // The input type tells the router what a link may give: any of the fields, each optional.
  const validateSearch = parse as (input: Partial<Search> & SearchSchemaInput) => Search;
  const leaveOutDefaults = stripSearchParams(defaults as never) as SearchMiddleware<Search>;
  return {
    defaults,
    parse,
    query: (state: Search): Partial<Search> => leaveOutDefaults({ search: state, next: (search) => search }),
    route: { validateSearch, search: { middlewares: [leaveOutDefaults] } },
  };
}

export type SortOrder = 'asc' | 'desc';

/** Clicking a column: sort by it ascending, or flip the order when it already sorts; back to page 1. */
export function toggleSort<TState extends { sort: string; order: SortOrder; page: number }>(state: TState, column: TState['sort']): TState {
  const order: SortOrder = state.sort === column ? (state.order === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...state, sort: column, order, page: 1 };
}
