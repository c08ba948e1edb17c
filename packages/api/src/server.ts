// The only file that reads the environment and listens.
import { ConfigError } from '@payportal/shared/config';
import { listenHost, readApiConfig } from './config.ts';

async function main() {
  const config = readApiConfig();
  // The server's modules (Fastify, firebase-admin, DuckDB, PGlite) load only once the settings are
  // valid, so that a wrong setting stops the start at once.
  const [
    { openAnalytics },
    { seedDemoAnalytics, utcDay },
    { startDailyTopUp },
    { createApp },
    { openDatabase },
    { seedDemoData },
  ] = await Promise.all([
    import('./analytics/openAnalytics.ts'),
    import('./analytics/seedDemoAnalytics.ts'),
    import('./analytics/dailyTopUp.ts'),
    import('./app.ts'),
    import('./db/openDatabase.ts'),
    import('./seed/seedDatabase.ts'),
  ]);
  const { databaseNow, onceForDeployment } = await import('./deployment/onceForDeployment.ts');
  const db = await openDatabase(config);
  const analytics = await openAnalytics(config);
  let topUp: { stop(): Promise<void> } | undefined;
  if (config.SEED_DEMO) {
    // A plain line on stdout: the stack runner shows `[progress]` lines while it waits for the API.
    const progress = (line: string) => console.log(`[progress] ${line}`);
    const today = utcDay(new Date());
    // Processes started together seed once: the first does it, the others wait and find it done.
    await onceForDeployment(db, 'demo-seed', { wait: true, since: await databaseNow(db) }, async () => {
      await seedDemoData(db, new Date(), config.PARTNER_ORIGINS);
      await seedDemoAnalytics(db, analytics, config.DEMO_DATA_SCALE, progress, today);
      await (await import('./alerts/seedDemoAlerts.ts')).seedDemoAlerts(db);
    });
    // then each new day's data, while the API runs
    topUp = startDailyTopUp({ db, engine: analytics, scale: config.DEMO_DATA_SCALE, progress, madeFor: today });
  }
  const app = await createApp({ config, db, analytics });
  // Printed, not logged: whoever starts the API sees which pages may frame the portal.
  console.log(
    config.PARTNER_ORIGINS.length
      ? `framing allowed for: ${config.PARTNER_ORIGINS.join(', ')}`
      : 'framing allowed for: nobody (PARTNER_ORIGINS is empty)',
  );
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    app.log.warn(
      `identity emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST}: its ID tokens are UNSIGNED, so this API listens on loopback only`,
    );
  }
  // SIGTERM (a container stop, a deploy) or Ctrl-C: no new connections and 503 on open ones; requests
  // under way get SHUTDOWN_GRACE_MS, then their connections are cut (an upload's client resumes from
  // the bytes that arrived). Running exports go back to the queue and the upload being loaded finishes
  // (app.ts's close hooks); then the databases close. A second signal ends the process at once.
  const shutdown = async (signal: NodeJS.Signals) => {
    app.log.warn(`${signal}: stopping`);
    setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await topUp?.stop();
      await analytics.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: listenHost(config) });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
