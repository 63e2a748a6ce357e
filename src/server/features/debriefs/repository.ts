// Debrief rows (TMS): one educator's, newest first, and the insert of a handed-over session.
import type { Insertable } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { DebriefTable } from '../../db/types.js';

export function debriefsRepository(db: DB) {
  return {
    insert: (values: Insertable<DebriefTable>) => db.insertInto('debriefs').values(values).returningAll().executeTakeFirstOrThrow(),

    /** The newest `limit` debriefs the educator ran (the index on educator_id, created_at serves it). */
    ofEducator: (educatorId: number, limit: number) =>
      db.selectFrom('debriefs').selectAll().where('educator_id', '=', educatorId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
  };
}
export type DebriefsRepository = ReturnType<typeof debriefsRepository>;
