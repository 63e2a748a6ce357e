// The admin Audit log screen: every admin and moderator action with actor, action,
// target, reason and time, newest first, filtered by action and by actor.
import { Role, hasRole } from '../../../shared/enums.js';
import type { AuditPage } from '../../../shared/schemas/admin.js';
import { forbidden } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { AuditRepository } from './repository.js';

export function auditService(repo: AuditRepository) {
  return {
    async page(admin: SessionUser, p: { offset: number; count: number; action?: string; actor?: number }): Promise<AuditPage> {
      if (!hasRole(admin.role, Role.Admin)) throw forbidden('You do not have permission to do that');
      const filter = { action: p.action || undefined, actorId: p.actor };
      const [{ total, rows }, actions, actors] = await Promise.all([repo.page(filter, p.offset, p.count), repo.actions(), repo.actors()]);
      const labels = await repo.labels(rows.map((r) => ({ type: r.target_type, id: r.target_id })));
      return {
        entries: rows.map((r) => ({
          id: r.id,
          action: r.action,
          actor: r.uuid_id ? { id: r.actor_id, uuid_id: r.uuid_id, first_name: r.first_name ?? '', last_name: r.last_name ?? '' } : null,
          target_type: r.target_type,
          target_id: r.target_id,
          target_label: labels.get(`${r.target_type}:${r.target_id}`) ?? null,
          detail: r.detail,
          created_at: r.created_at,
        })),
        total,
        from: p.offset,
        to: p.offset + rows.length,
        actions,
        actors,
      };
    },
  };
}
