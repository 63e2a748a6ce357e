// Wrong: the server asks the database which tables exist instead of knowing them from its migrations.
import type { Kysely } from 'kysely';

export const tableNames = async (db: Kysely<object>) => (await db.introspection.getTables()).map((t) => t.name);
