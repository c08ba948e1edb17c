// What the API benchmarks stand on: production mode, RS256 tokens verified by firebase-admin with a
// local key pair (no network here), PGlite migrated and seeded with the demo accounts.
import { createTokenVerifier } from '../packages/api/src/auth/verifyToken.ts';
import { readApiConfig } from '../packages/api/src/config.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { openPgliteDatabase } from '../packages/api/src/db/pgliteDatabase.ts';
import { DEMO_ORGANIZATIONS } from '../packages/api/src/seed/demoAccounts.ts';
import { seedDemoData } from '../packages/api/src/seed/seedDatabase.ts';
import { localSigningKeys } from '../packages/api/test/localSigningKeys.ts';

const PROJECT_ID = 'payportal-bench';

export async function openBenchPortal() {
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
  const verifier = createTokenVerifier(config, keys.verifierOptions);
  const [acme] = await db.query<{ id: number }>('select id from organizations where name = $1', [
    DEMO_ORGANIZATIONS.acme.name,
  ]);
  return { keys, config, db, verifier, acmeId: acme!.id };
}
