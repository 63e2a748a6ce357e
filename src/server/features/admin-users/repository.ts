// Accounts as admins manage them (spec section 2 'Admin', issue 12).
import type { DB, Dialect } from '../../db/connection.js';
import { recordAudit, type AuditEntryInput } from '../../lib/audit.js';
import { searchUsers, type Page } from '../../lib/full-text.js';

export function adminUsersRepository(db: DB, dialect: Dialect) {
  return {
    list: (words: string[], page: Page) => searchUsers(db, dialect, words, page),

    byUuid: (uuid: string) => db.selectFrom('users').select(['id', 'uuid_id', 'enabled', 'first_name', 'last_name']).where('uuid_id', '=', uuid).executeTakeFirst(),

    /**
     * Enable or disable an account. Disabling ends every session of the user in the same
     * transaction, so no request of theirs is served after the call answers. (Another branch adds a
     * setEnabled to the auth repository with the same effect; this one belongs to the admin screen.)
     */
    async setEnabled(userId: number, enabled: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ enabled: enabled ? 1 : 0 }).where('id', '=', userId).execute();
        if (!enabled) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      });
    },

    audit: (entry: AuditEntryInput) => recordAudit(db, entry),
  };
}
export type AdminUsersRepository = ReturnType<typeof adminUsersRepository>;
