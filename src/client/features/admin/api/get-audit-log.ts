// GET /api/admin/audit/{offset}/{count}?action=&actor= (admin): the audit log, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getAuditLog } from '../../../../shared/endpoints/audit';

export const auditLogKey = ['admin', 'audit'] as const;

export interface AuditFilter {
  action: string;
  actor: string;
}

export const auditLogQueryOptions = (offset: number, count: number, f: AuditFilter) =>
  queryOptions({
    queryKey: [...auditLogKey, offset, count, f.action, f.actor],
    queryFn: () => call(getAuditLog, { params: { offset, count }, query: { action: f.action, actor: f.actor } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAuditLog = (offset: number, count: number, f: AuditFilter) => useQuery(auditLogQueryOptions(offset, count, f));
