import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserOption } from '../../../core/contracts/fleet.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FLEET_API } from './fleet-admin-request.ts';

const UserOptions = z.array(UserOption);

/** GET /rest/v1/fleet/admin/users?q=&include=: the agency's active people by name (20 at most), and the current choice. */
export function searchUsers(q: string, include: string | null, signal?: AbortSignal): Promise<UserOption[]> {
  return apiRequest(`${FLEET_API}/admin/users`, { query: { ...(q.trim() ? { q: q.trim() } : {}), ...(include ? { include } : {}) }, schema: UserOptions, signal });
}

/** Keeps the previous answer on screen while the next search loads. */
export function useUserSearch(q: string, include: string | null) {
  return useQuery({ queryKey: ['fleet', 'users', q.trim(), include], queryFn: ({ signal }) => searchUsers(q, include, signal), placeholderData: keepPreviousData, staleTime: 30_000 });
}
