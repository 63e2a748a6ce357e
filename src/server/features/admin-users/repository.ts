// Accounts as admins manage them (spec section 2 'Admin').
import type { DB, Dialect } from '../../db/connection.js';
import { recordAudit, type AuditEntryInput } from '../../lib/audit.js';
import { searchUsers, type Page } from '../../lib/full-text.js';
import { listCache } from '../../lib/list-cache.js';
import type { UsersPort } from '../../lib/ports.js';

export function adminUsersRepository(db: DB, dialect: Dialect, users: Pick<UsersPort, 'setEnabled'>) {
  return {
    list: (words: string[], page: Page) => searchUsers(db, dialect, words, page),

    /** An answer cached until a user row changes (lib/list-cache.ts). */
    cachedPage: <T>(key: string, read: () => Promise<T>) => listCache(db).page(key, ['users'], read),

    byUuid: (uuid: string) => db.selectFrom('users').select(['id', 'uuid_id', 'enabled', 'first_name', 'last_name']).where('uuid_id', '=', uuid).executeTakeFirst(),

    /** Disabling ends every session of the user in the same transaction (the users port, lib/ports.ts). */
    setEnabled: (userId: number, enabled: boolean) => users.setEnabled(userId, enabled),

    audit: (entry: AuditEntryInput) => recordAudit(db, entry),
  };
}
export type AdminUsersRepository = ReturnType<typeof adminUsersRepository>;
