// npm run db:migrate | db:seed | db:backup -- DIR | db:restore -- DIR
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { demoLoginsText, seedDemoIfEmpty } from './seed/index.js';
import { BackupError, backup, restore } from './backup.js';

const command = process.argv[2];
if (command === 'backup' || command === 'restore') {
  // Neither builds the app: a backup runs beside the live server, a restore before any starts.
  const config = loadConfig(process.env, { serveClient: false, runWorker: false });
  const dir = process.argv[3];
  if (!dir) {
    console.error(`Usage: npm run db:${command} -- DIR`);
    process.exit(2);
  }
  if (config.databaseUrl) {
    console.error(`db:${command} copies a SQLite data dir. With DATABASE_URL set, use pg_dump / pg_restore for the database, and bucket versioning (or a replica) for STORAGE=s3; see the README.`);
    process.exit(2);
  }
  try {
    if (command === 'backup') await backup(config.dataDir, path.resolve(dir), console.log);
    else await restore(path.resolve(dir), config.dataDir, console.log);
    console.log(command === 'backup' ? `Backup written to ${path.resolve(dir)}.` : `Restored into ${config.dataDir}.`);
    process.exit(0);
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : err);
    process.exit(1);
  }
}
const app = await buildApp(loadConfig(process.env, { serveClient: false, runWorker: false, logLevel: 'warn' }));
if (command === 'seed') {
  const seeded = await seedDemoIfEmpty(app);
  console.log(seeded ? `Seeded demo data. Logins:\n${demoLoginsText()}` : 'The database already has users; nothing seeded.');
} else {
  console.log('Database migrated.');
}
await app.close();
