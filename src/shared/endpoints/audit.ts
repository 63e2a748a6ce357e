// Admin: the audit log.
import { auditParamsSchema, auditQuerySchema, auditPageSchema } from '../schemas/admin.js';
import { endpoint } from '../endpoint.js';

/** Admins: the audit log of admin and moderator actions, newest first; action filters by action key, actor by user id. Answers the filter choices too. */
export const getAuditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit/:offset/:count',
  params: auditParamsSchema,
  query: auditQuerySchema,
  response: auditPageSchema,
});
