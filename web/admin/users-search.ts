import { USER_SORTS, type ListUsersQuery } from '../../core/contracts/admin.ts';
import { PAGE_SIZES } from '../ui/paging.ts';
import { USER_STATUSES, type UserStatus } from '../../core/contracts/auth.ts';
import { isUuid } from '../../core/ids.ts';

/**
 * The users table's state, kept in the URL (/admin/users?q=…&status=…&sort=…&order=…&page=…&page_size=…)
 * so a reload, a shared link and the back button all show the same list. Anything unreadable falls
 * back to its default rather than failing: a hand-edited URL still opens the list.
 */

export type UserSort = (typeof USER_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export const DEFAULT_PAGE_SIZE = 25;

export type UsersSearch = {
  q: string;
  status: UserStatus | null;
  sort: UserSort;
  order: SortOrder;
  page: number;
  pageSize: number;
  /** The person open in the drawer. */
  user: string | null;
};

export const DEFAULT_USERS_SEARCH: UsersSearch = { q: '', status: null, sort: 'name', order: 'asc', page: 1, pageSize: DEFAULT_PAGE_SIZE, user: null };

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A positive whole number from the URL, or undefined. */
export function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

export function parseUsersSearch(search: Record<string, unknown>): UsersSearch {
  const pageSize = positiveInt(search.page_size);
  const user = text(search.user);
  return {
    q: (text(search.q) ?? '').slice(0, 100),
    status: oneOf(search.status, USER_STATUSES) ?? null,
    sort: oneOf(search.sort, USER_SORTS) ?? DEFAULT_USERS_SEARCH.sort,
    order: oneOf(search.order, ['asc', 'desc'] as const) ?? DEFAULT_USERS_SEARCH.order,
    page: positiveInt(search.page) ?? 1,
    pageSize: pageSize !== undefined && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    user: isUuid(user) ? user.toLowerCase() : null,
  };
}

/** The URL's query for a state: defaults are left out, so the plain list is plain /admin/users. */
/** The query parameters of /admin/users, as the route keeps them (strings). */
export type UsersSearchParams = { q?: string; status?: string; sort?: string; order?: string; page?: string; page_size?: string; user?: string };

export function usersSearchParams(state: UsersSearch): UsersSearchParams {
  const d = DEFAULT_USERS_SEARCH;
  return {
    q: state.q.trim() !== '' ? state.q : undefined,
    status: state.status ?? undefined,
    sort: state.sort !== d.sort ? state.sort : undefined,
    order: state.order !== d.order ? state.order : undefined,
    page: state.page !== 1 ? String(state.page) : undefined,
    page_size: state.pageSize !== d.pageSize ? String(state.pageSize) : undefined,
    user: state.user ?? undefined,
  };
}

/** The API query for a state (GET /rest/v1/admin/users). */
export function usersApiQuery(state: UsersSearch): Partial<ListUsersQuery> {
  const q = state.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(state.status ? { status: state.status } : {}),
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: state.pageSize,
  };
}

/** Clicking a column: sort by it ascending, or flip the order when it already sorts; back to page 1. */
export function toggleSort(state: UsersSearch, column: UserSort): UsersSearch {
  const order: SortOrder = state.sort === column ? (state.order === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...state, sort: column, order, page: 1 };
}


export { lastPage, PAGE_SIZES } from '../ui/paging.ts';
