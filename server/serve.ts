import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './env.ts';
import { reloadCertificate } from './platform/https.ts';
import { openDatabase } from './platform/database.ts';
import { DEMO_PASSWORD, seedDemo } from './db/seed-demo.ts';

const startedAt = performance.now();

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Precinct cannot start.\n${error.message}`);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase({
  url: config.databaseUrl,
  adminUrl: config.databaseAdminUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
  poolSize: config.databasePoolSize,
  poolWaitMs: config.databasePoolWaitMs,
});
const { app, services } = await buildApp(config, database);

if (config.seedDemo && (await seedDemo(database, services.storage)))
  app.log.info(
    `Seeded the demo agencies; sign in as admin@riverside.example with password ${DEMO_PASSWORD} (README lists every demo user)`,
  );

services.mailer.startRetries();
await app.listen({ host: config.host, port: config.port });
const where = database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
app.log.info(`Precinct is ready at ${config.publicUrl} (${where}) after ${Math.round(performance.now() - startedAt)} ms`);

// SIGTERM: stop accepting, let requests in flight finish, close the database, exit 0.
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received; finishing requests in flight`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

// SIGHUP: a renewed certificate, read from the same files, for new connections.
if (config.tls) {
  const files = config.tls;
  // A key that others on the machine may read is worth saying at every start.
  if ((fs.statSync(files.keyFile).mode & 0o077) !== 0)
    app.log.warn(`${files.keyFile} (TLS_KEY_FILE) may be read by other users of this machine; chmod 600 it`);
  process.on('SIGHUP', () => {
    try {
      reloadCertificate(app, files);
      app.log.info(`Read the certificate again from ${files.certFile}`);
    } catch (error) {
      app.log.error(`Kept the certificate in use: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}
