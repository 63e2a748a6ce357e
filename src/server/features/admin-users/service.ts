// The admin Users screen (spec sections 2 'Admin' and 7): a paged, searchable list of every
// account, and Enable / Disable. Disabling ends the user's sessions at once; an admin cannot
// disable their own account. Both are written to the audit log.
import { Role, hasRole, roleNames } from '../../../shared/enums.js';
import { CANNOT_DISABLE_SELF, type AdminUsers } from '../../../shared/schemas/admin.js';
import { searchWords } from '../../../shared/search.js';
import { forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { AdminUsersRepository } from './repository.js';

export const USER_NOT_FOUND = 'User not found';

function requireAdmin(user: SessionUser) {
  if (!hasRole(user.role, Role.Admin)) throw forbidden('You do not have permission to do that');
}

export function adminUsersService(repo: AdminUsersRepository) {
  return {
    async list(admin: SessionUser, p: { offset: number; count: number; search: string }): Promise<AdminUsers> {
      requireAdmin(admin);
      const words = searchWords(p.search);
      // Cached until a user row changes (lib/list-cache.ts); the role is checked first.
      return repo.cachedPage(`admin users ${p.offset} ${p.count} ${words.join(' ')}`, async () => {
        const { count, rows } = await repo.list(words, { offset: p.offset, limit: p.count });
        return {
          users: rows.map((u) => ({
            id: u.id,
            uuid_id: u.uuid_id,
            first_name: u.first_name,
            last_name: u.last_name,
            username: u.username,
            email: u.email,
            enabled: Boolean(u.enabled),
            email_verified: Boolean(u.email_verified),
            role: u.role,
            roles: roleNames(u.role),
            last_login: u.last_login,
            created_at: u.created_at,
          })),
          total: count,
          from: p.offset,
          to: p.offset + rows.length,
        };
      });
    },

    async setEnabled(admin: SessionUser, uuid: string, enabled: boolean): Promise<{ enabled: boolean }> {
      requireAdmin(admin);
      const target = await repo.byUuid(uuid);
      if (!target) throw notFound(USER_NOT_FOUND);
      if (target.id === admin.id && !enabled) throw unprocessable(CANNOT_DISABLE_SELF);
      await repo.setEnabled(target.id, enabled);
      if (Boolean(target.enabled) !== enabled) {
        await repo.audit({ actorId: admin.id, action: enabled ? 'user.enable' : 'user.disable', targetType: 'user', targetId: target.uuid_id });
      }
      return { enabled };
    },
  };
}
