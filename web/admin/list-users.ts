import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUser, pageOf, type ListUsersQuery, type Page } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

const UserPage = pageOf(AdminUser);

export type UsersRequest = Partial<ListUsersQuery>;

/** GET /rest/v1/admin/users: a page of the agency's people, searched, filtered and sorted on the server. */
export function listUsers(query: UsersRequest, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return apiRequest(`${ADMIN_API}/users`, { query: { ...query }, schema: UserPage, signal });
}

export function usersQueryOptions(query: UsersRequest) {
  return queryOptions({ queryKey: adminKeys.userList(query), queryFn: ({ signal }) => listUsers(query, signal) });
}

/** Keeps the previous page on screen while the next one loads. */
export function useUsers(query: UsersRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}

/** Every user matching the filters, page by page (for the CSV export of the current list). */
export async function listAllUsers(query: UsersRequest): Promise<AdminUser[]> {
  const pageSize = 200;
  const all: AdminUser[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listUsers({ ...query, page, page_size: pageSize });
    all.push(...answer.items);
    if (answer.items.length < pageSize || all.length >= answer.total) return all;
  }
}
