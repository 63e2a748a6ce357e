// The users feature's accounts and organisations; other features reach them through the users
// port (lib/ports.ts).
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { UserRow, UsersPort } from '../../lib/ports.js';

export type { OrganisationRow, UserRow } from '../../lib/ports.js';

export function usersRepository(db: DB): UsersPort {
  return {
    byId: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    byUuid: (uuid: string) => db.selectFrom('users').selectAll().where('uuid_id', '=', uuid).executeTakeFirst(),
    byLogin: (login: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(sql`lower(username)`, '=', login.toLowerCase()),
            eb(sql`lower(email)`, '=', login.toLowerCase()),
          ]),
        )
        .executeTakeFirst(),
    byEmail: (email: string) =>
      db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst(),
    usernameTaken: async (username: string) =>
      Boolean(await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()),
    organisation: (id: number | null) =>
      id == null ? Promise.resolve(undefined) : db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst(),
    organisationByCode: (code: string) =>
      db.selectFrom('organisations').selectAll().where(sql`lower(organisation_code)`, '=', code.toLowerCase()).executeTakeFirst(),
    update: (id: number, values: Partial<Omit<UserRow, 'id'>>) => db.updateTable('users').set(values).where('id', '=', id).execute(),
    /**
     * The one way to enable or disable a user (DESIGN section 5): disabling deletes every session
     * of theirs in the same transaction, so enabling them again never revives an old cookie.
     */
    setEnabled: (id: number, enabled: boolean) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ enabled: enabled ? 1 : 0 }).where('id', '=', id).execute();
        if (!enabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      }),
  };
}

export type UsersRepository = UsersPort;
