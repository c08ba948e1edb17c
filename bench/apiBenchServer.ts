// The servers bench:api measures, in their own process so the load generator does not share their
// event loop: the real API (production mode, PGlite in memory, demo data) and a bare Fastify route.
import Fastify from 'fastify';
import { createApp } from '../packages/api/src/app.ts';
import { createTokenVerifier } from '../packages/api/src/auth/verifyToken.ts';
import { readApiConfig } from '../packages/api/src/config.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { openPgliteDatabase } from '../packages/api/src/db/pgliteDatabase.ts';
import { seedDemoData } from '../packages/api/src/seed/seedDatabase.ts';
import { localSigningKeys } from '../packages/api/test/localSigningKeys.ts';

const PROJECT_ID = 'payportal-bench';

// Production mode: tokens are RS256-signed and verified by firebase-admin on every request, the way a
// deployed API pays for them. The signing keys are local because this machine cannot reach Google.
const keys = await localSigningKeys(PROJECT_ID);
const config = readApiConfig({
  NODE_ENV: 'production',
  FIREBASE_API_KEY: 'bench',
  FIREBASE_PROJECT_ID: PROJECT_ID,
  LOG_LEVEL: 'silent',
  APP_DIST: '/nonexistent-app-build',
});
const db = await openPgliteDatabase();
await migrate(db);
await seedDemoData(db);
const api = await createApp({ config, db, verifier: createTokenVerifier(config, keys.verifierOptions) });
await api.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => [{ id: 1, email: 'analyst@acme.example' }]);
await bare.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({ apiPort: portOf(api), barePort: portOf(bare), token: keys.sign('seed-analyst', 'analyst@acme.example') })}\n`,
);
process.once('SIGTERM', () => {
  void Promise.all([api.close(), bare.close()])
    .then(() => Promise.all([db.close(), keys.close()]))
    .then(() => process.exit(0));
});
