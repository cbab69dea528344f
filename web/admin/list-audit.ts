import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditEntry, pageOf, type AuditQuery, type Page } from '../../core/contracts/admin.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

const AuditPage = pageOf(AuditEntry);

export type AuditRequest = Partial<AuditQuery>;

/** GET /rest/v1/admin/audit: a page of the audit log, newest first, filtered on the server. */
export function listAudit(query: AuditRequest, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return apiRequest(`${ADMIN_API}/audit`, { query: { ...query }, schema: AuditPage, signal });
}

export function auditQueryOptions(query: AuditRequest) {
  return queryOptions({ queryKey: adminKeys.audit(query), queryFn: ({ signal }) => listAudit(query, signal) });
}

export function useAudit(query: AuditRequest) {
  return useQuery({ ...auditQueryOptions(query), placeholderData: keepPreviousData });
}
