import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, type AuditQuery } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

export type AuditRequest = Partial<AuditQuery>;

/** A page of the audit log, newest first, filtered on the server. */
export function auditQueryOptions(query: AuditRequest) {
  return queryOptions({
    queryKey: queryKey(adminApi.listAudit, query),
    queryFn: ({ signal }) => callEndpoint(adminApi.listAudit, { query, signal }),
  });
}

export function useAudit(query: AuditRequest) {
  return useQuery({ ...auditQueryOptions(query), placeholderData: keepPreviousData });
}
