// Migrated template databases for the API tests. Running every migration for every test app costs
// about a second on PostgreSQL and a quarter of one on SQLite; the vitest global setup migrates once
// per run instead, and each test app starts from a copy: SQLite copies the migrated file into its
// data dir, PostgreSQL replays a dump of the migrated template schema under the app's own schema
// name (TEST_DB_TEMPLATES=off turns this off). The app still runs migrateToLatest on the copy (it finds every migration done), so a
// migration added after the run started, or a run without pg_dump, migrates as before.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';

const SQLITE_FILE = 'community.sqlite';

/** What the global setup hands the test processes (through the environment). */
const ENV = {
  sqliteFile: 'TEST_SQLITE_TEMPLATE',
  pgDump: 'TEST_PG_TEMPLATE_DUMP',
  pgSchema: 'TEST_PG_TEMPLATE_SCHEMA',
} as const;

/** Migrate a SQLite file and, with TEST_DATABASE_URL, a PostgreSQL schema that is dumped and dropped. */
export async function createDbTemplates(): Promise<() => void> {
  // TEST_DB_TEMPLATES=off: every test app migrates its own database (to compare, or to rule the copies out).
  if (process.env.TEST_DB_TEMPLATES === 'off') return () => undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-template-'));
  const sqlite = openDatabase({ dataDir: dir, readThreads: 0 });
  try {
    await migrateToLatest(sqlite.db);
  } finally {
    await sqlite.close();
  }
  // Closing the only connection checkpoints the write-ahead log into the file.
  if (fs.existsSync(path.join(dir, `${SQLITE_FILE}-wal`))) throw new Error('the SQLite template kept its write-ahead log');
  process.env[ENV.sqliteFile] = path.join(dir, SQLITE_FILE);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `tpl_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA "${schema}"`);
      const handle = openDatabase({ databaseUrl: url, dataDir: dir, schema });
      try {
        await migrateToLatest(handle.db, schema);
      } finally {
        await handle.close();
      }
      const dump = spawnSync('pg_dump', ['--dbname', url, '--schema', schema, '--inserts', '--no-owner', '--no-privileges'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (dump.status === 0) {
        // psql meta-commands (\restrict) are not SQL.
        const text = dump.stdout.split('\n').filter((line) => !line.startsWith('\\')).join('\n');
        fs.writeFileSync(path.join(dir, 'template.sql'), text);
        process.env[ENV.pgDump] = path.join(dir, 'template.sql');
        process.env[ENV.pgSchema] = schema;
      } else {
        console.warn(`pg_dump is not usable (${dump.error?.message ?? dump.stderr.trim()}): each PostgreSQL test app runs the migrations itself`);
      }
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** Put a migrated SQLite database into `dataDir`, when the global setup made one. */
export function copySqliteTemplate(dataDir: string): void {
  const file = process.env[ENV.sqliteFile];
  if (file && fs.existsSync(file)) fs.copyFileSync(file, path.join(dataDir, SQLITE_FILE));
}

let dumpText: { schema: string; sql: string } | null | undefined;

/** Create `schema` in the open client: from the migrated template's dump when there is one, else empty. */
export async function createPgSchema(client: pg.Client, schema: string): Promise<void> {
  if (dumpText === undefined) {
    const file = process.env[ENV.pgDump];
    const template = process.env[ENV.pgSchema];
    dumpText = file && template && fs.existsSync(file) ? { schema: template, sql: fs.readFileSync(file, 'utf8') } : null;
  }
  if (!dumpText) {
    await client.query(`CREATE SCHEMA "${schema}"`);
    return;
  }
  await client.query(dumpText.sql.replace(new RegExp(`\\b${dumpText.schema}\\b`, 'g'), schema));
}
