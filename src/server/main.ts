// Entry: config, migrate (inside buildApp), seed demo data on an empty database, listen, shut down
// gracefully (lib/shutdown.ts).
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { shutDown } from './lib/shutdown.js';
import { releaseAfterCrash } from './lib/crash-recovery.js';
import { demoLoginsText, seedDemoIfEmpty } from './db/seed/index.js';

const config = loadConfig();
const app = await buildApp(config);
await releaseAfterCrash(app);

if (config.seedDemo && (await seedDemoIfEmpty(app))) {
  app.log.info('Seeded demo data');
}
await app.listen({ port: config.port, host: config.host });
console.log(`\nREALITi Community is running at ${config.publicUrl}\nDatabase: ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}\nDemo logins:\n${demoLoginsText()}\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    void shutDown(app, config.shutdownTimeoutMs).then((code) => process.exit(code));
  });
}
