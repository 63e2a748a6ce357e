// GET /api/admin/audit/{offset}/{count}?action=&actor= (beyond the spec), for admins.
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { route } from '../../lib/route.js';
import { getAuditLog } from '../../../shared/endpoints/audit.js';
import { auditRepository } from './repository.js';
import { auditService } from './service.js';

export default async function auditRoutes(app: FastifyInstance) {
  const service = auditService(auditRepository(app.db));

  route(app, getAuditLog, {
    auth: Role.Admin,
    tags: ['admin'],
    summary: 'Admins: the audit log of admin and moderator actions, newest first; action filters by action key, actor by user id. Answers the filter choices too.',
  }, async ({ user, params, query }) => service.page(user, { ...params, ...query }));
}
