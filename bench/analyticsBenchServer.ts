// The API bench:analytics measures, in its own process like bench:api's: production mode, RS256 tokens
// verified by firebase-admin, PGlite with the demo data, and DuckDB on a file the benchmark generated,
// with the answer cache off. A DuckDB file has one writer process at a time, so the benchmark and this
// server take turns: each command line on stdin gets one JSON line on stdout.
//   (at start)     → {"orgId": Acme Acquiring's id, "token": the analyst's bearer token}
//   serve <path>   → {"port": the API listening on the DuckDB file at <path>}
//   close          → {"closed": true} (the file is released)
import { createInterface } from 'node:readline';
import { DuckDBEngine } from '@payportal/analytics';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../packages/api/src/app.ts';
import { createTokenVerifier } from '../packages/api/src/auth/verifyToken.ts';
import { readApiConfig } from '../packages/api/src/config.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { openPgliteDatabase } from '../packages/api/src/db/pgliteDatabase.ts';
import { DEMO_ORGANIZATIONS } from '../packages/api/src/seed/demoAccounts.ts';
import { seedDemoData } from '../packages/api/src/seed/seedDatabase.ts';
import { localSigningKeys } from '../packages/api/test/localSigningKeys.ts';

const PROJECT_ID = 'payportal-bench';

const keys = await localSigningKeys(PROJECT_ID);
const config = readApiConfig({ NODE_ENV: 'production', FIREBASE_API_KEY: 'bench', FIREBASE_PROJECT_ID: PROJECT_ID, LOG_LEVEL: 'silent', APP_DIST: '/nonexistent-app-build' });
const db = await openPgliteDatabase();
await migrate(db);
await seedDemoData(db);
const verifier = createTokenVerifier(config, { httpAgent: keys.httpAgent });
const [acme] = await db.query<{ id: number }>('select id from organizations where name = $1', [DEMO_ORGANIZATIONS.acme.name]);

let serving: { api: FastifyInstance; engine: DuckDBEngine } | null = null;

async function close(): Promise<void> {
  if (!serving) return;
  await serving.api.close();
  await serving.engine.close();
  serving = null;
}

const reply = (answer: object) => process.stdout.write(`${JSON.stringify(answer)}\n`);
reply({ orgId: acme!.id, token: keys.sign('seed-analyst', 'analyst@acme.example') });

for await (const line of createInterface({ input: process.stdin })) {
  const [command, path] = line.split(' ');
  if (command === 'serve' && path) {
    await close();
    // As openAnalytics opens it in production (every core, default pool), but no answer is ever cached.
    const engine = await DuckDBEngine.open({ path, cacheEntries: 0, timeoutMs: config.ANALYTICS_TIMEOUT_MS });
    const api = await createApp({ config, db, verifier, analytics: engine });
    await api.listen({ port: 0, host: '127.0.0.1' });
    serving = { api, engine };
    reply({ port: (api.server.address() as { port: number }).port });
  } else if (command === 'close') {
    await close();
    reply({ closed: true });
  } else {
    throw new Error(`analyticsBenchServer: unknown command ${JSON.stringify(line)}`);
  }
}
// stdin closed: the benchmark is done (or gone).
await close();
await verifier.close();
await Promise.all([db.close(), keys.close()]);
