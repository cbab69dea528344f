import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, type AdminUser, type ListUsersQuery } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

export type UsersRequest = Partial<ListUsersQuery>;

/** A page of the agency's people, searched, filtered and sorted on the server. */
export function usersQueryOptions(query: UsersRequest) {
  return queryOptions({
    queryKey: queryKey(adminApi.listUsers, query),
    queryFn: ({ signal }) => callEndpoint(adminApi.listUsers, { query, signal }),
  });
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
    const answer = await callEndpoint(adminApi.listUsers, { query: { ...query, page, page_size: pageSize } });
    all.push(...answer.items);
    if (answer.items.length < pageSize || all.length >= answer.total) return all;
  }
}
