// npm run db:migrate | db:seed
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { demoLoginsText, seedDemoIfEmpty } from './seed/index.js';

const command = process.argv[2];
const app = await buildApp(loadConfig(process.env, { serveClient: false, runWorker: false, logLevel: 'warn' }));
if (command === 'seed') {
  const seeded = await seedDemoIfEmpty(app);
  console.log(seeded ? `Seeded demo data. Logins:\n${demoLoginsText()}` : 'The database already has users; nothing seeded.');
} else {
  console.log('Database migrated.');
}
await app.close();
