// Migration numbers are reserved per piece of work and land in any order: a database that already
// ran later numbers still takes an earlier one that arrives after them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrations } from '../../src/server/db/migrations/index.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';

it('runs a migration whose number is lower than one already run', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-migrations-'));
  const handle = openDatabase({ dataDir });
  try {
    // 0011-0013 landed before 0010; 0014 and later build on the groups tables, so they come after.
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0014' && name !== '0010_groups'));
    const first = await new Migrator({ db: handle.db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
    expect(first.error).toBeUndefined();
    await migrateToLatest(handle.db);
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toContain('forum_groups');
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
