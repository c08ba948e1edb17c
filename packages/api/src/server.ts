// The only file that reads the environment and listens.
import { ConfigError } from '@payportal/shared';
import { createApp } from './app.ts';
import { listenHost, readApiConfig } from './config.ts';
import { openDatabase } from './db/openDatabase.ts';
import { seedDemoData } from './seed/seedDatabase.ts';

async function main() {
  const config = readApiConfig();
  const db = await openDatabase(config);
  if (config.SEED_DEMO) await seedDemoData(db);
  const app = await createApp({ config, db });
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    app.log.warn(
      `identity emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST}: its ID tokens are UNSIGNED, so this API listens on loopback only`,
    );
  }
  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: listenHost(config) });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
