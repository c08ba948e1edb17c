// The only file that reads the environment and listens.
import { ConfigError } from '@payportal/shared';
import { openAnalytics } from './analytics/openAnalytics.ts';
import { seedDemoAnalytics } from './analytics/seedDemoAnalytics.ts';
import { createApp } from './app.ts';
import { listenHost, readApiConfig } from './config.ts';
import { openDatabase } from './db/openDatabase.ts';
import { databaseNow, onceForDeployment } from './deployment/onceForDeployment.ts';
import { seedDemoData } from './seed/seedDatabase.ts';

async function main() {
  const config = readApiConfig();
  const db = await openDatabase(config);
  const analytics = await openAnalytics(config);
  if (config.SEED_DEMO) {
    // Processes started together seed once: the first does it, the others wait and find it done.
    await onceForDeployment(db, 'demo-seed', { wait: true, since: await databaseNow(db) }, async () => {
      await seedDemoData(db);
      // A plain line on stdout: the stack runner shows `[progress]` lines while it waits for the API.
      await seedDemoAnalytics(db, analytics, config.DEMO_DATA_SCALE, (line) => console.log(`[progress] ${line}`));
    });
  }
  const app = await createApp({ config, db, analytics });
  // Printed, not logged: whoever starts the API sees which pages may frame the portal.
  console.log(config.PARTNER_ORIGINS.length ? `framing allowed for: ${config.PARTNER_ORIGINS.join(', ')}` : 'framing allowed for: nobody (PARTNER_ORIGINS is empty)');
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    app.log.warn(
      `identity emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST}: its ID tokens are UNSIGNED, so this API listens on loopback only`,
    );
  }
  const shutdown = async () => {
    await app.close();
    await analytics.close();
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
