import { stripSearchParams, type SearchMiddleware, type SearchSchemaInput } from '@tanstack/react-router';
import * as z from 'zod/mini';
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
const wholeNumber = () =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number))]),
    z.int().check(z.gte(1), z.lte(999_999)),
  );

/** The kinds of field a URL's query holds, each with its fallback. */
export const searchField = {
  /** Free text (a search box), cut to `max` characters; '' when absent. */
  text: (max: number) =>
    z.catch(
      z.pipe(
        z.string(),
        z.transform((value: string) => value.slice(0, max)),
      ),
      '',
    ),
  /** One of `values`, else `fallback` (a sort column, an order, a tab). */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.catch(z.enum(values), fallback),
  /** One of `values`, else null (a filter that is off). */
  optionalOneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.catch(z.nullable(z.enum(values)), null),
  /** The page, from 1. */
  page: () => z.catch(wholeNumber(), 1),
  /** Rows per page, one of PAGE_SIZES. */
  pageSize: () =>
    z.catch(wholeNumber().check(z.refine((size: number) => (PAGE_SIZES as readonly number[]).includes(size))), DEFAULT_PAGE_SIZE),
  /** A record's id (a UUID, lower-cased), else null. */
  id: () =>
    z.catch(
      z.nullable(
        z.pipe(
          z.string().check(z.refine(isUuid)),
          z.transform((id: string) => id.toLowerCase()),
        ),
      ),
      null,
    ),
  /** A calendar date YYYY-MM-DD, else null. */
  date: () => z.catch(z.nullable(z.string().check(z.refine(isCalendarDate))), null),
  /** A key of one of the agency's lists (`patrol`, `oil_change`), else null. */
  key: () => z.catch(z.nullable(z.string().check(z.regex(/^[a-z0-9_]{1,40}$/))), null),
  /** Text matching `pattern`, at most `max` characters, else null. */
  matching: (pattern: RegExp, max: number) => z.catch(z.nullable(z.string().check(z.maxLength(max), z.regex(pattern))), null),
};

/**
 * A route's search parameters: `route` goes into createRoute (validateSearch, and the middleware that
 * leaves the defaults out of the URL); `parse` reads a query and `query` says what the URL holds for a
 * state, as the router does (for tests, and anything outside a route).
 */
export function urlSearch<const TShape extends z.core.$ZodShape>(shape: TShape) {
  const schema = z.object(shape);
  type Search = z.output<typeof schema>;
  const parse = (raw: Record<string, unknown>): Search => z.parse(schema, raw);
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
