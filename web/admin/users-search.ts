import type { ListUsersQuery } from '../../core/contracts/admin.ts';
import { USER_SORTS } from '../../core/contracts/list-values.ts';
import { USER_STATUSES } from '../../core/contracts/auth.ts';
import { searchField, urlSearch } from '../lib/url-search.ts';

/**
 * The users list's state, kept in the URL (/admin/users?q=…&status=…&role=…&sort=…&order=…&page=…&page_size=…&user=…)
 * and validated by the route (web/lib/url-search.ts).
 */
export const usersSearch = urlSearch({
  q: searchField.text(100),
  status: searchField.optionalOneOf(USER_STATUSES),
  /** Only the holders of this role. */
  role: searchField.id(),
  sort: searchField.oneOf(USER_SORTS, 'name'),
  order: searchField.oneOf(['asc', 'desc'], 'asc'),
  page: searchField.page(),
  page_size: searchField.pageSize(),
  /** The person open in the drawer. */
  user: searchField.id(),
});

export type UsersSearch = typeof usersSearch.defaults;
export type UserSort = UsersSearch['sort'];

/** The API query for a state (GET /rest/v1/admin/users). */
export function usersApiQuery(state: UsersSearch): Partial<ListUsersQuery> {
  const q = state.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.role ? { role_id: state.role } : {}),
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: state.page_size,
  };
}
