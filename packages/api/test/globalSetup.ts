// Starts what the API suite runs against once per `vitest run`: the identity emulator and, where
// installed, a PostgreSQL server (the same suite on PGlite and on PostgreSQL); and migrates and seeds the
// database every test file opens a copy of (databaseTemplates.ts).
import type { TestProject } from 'vitest/node';
import { onePerRun } from '../../analytics/test/onePerRun.ts';
import { DEMO_PASSWORD } from '../src/seed/demoAccounts.ts';
import { seedIdentities } from '../src/seed/seedIdentities.ts';
import { createDatabaseTemplates } from './databaseTemplates.ts';
import { registerPhone } from './phoneRegistration.ts';
import { startEmulator } from './startEmulator.ts';
import { startPostgres } from './startPostgres.ts';

export const TEST_PROJECT_ID = 'demo-payportal-apitest';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
    /** Null when no PostgreSQL binaries are installed: the PostgreSQL run then says so and skips. */
    postgresUrl: string | null;
    /** The file holding the migrated and seeded PGlite database's tarball. */
    pgliteTemplate: string;
    /** The migrated and seeded template database on the PostgreSQL server; null without the server. */
    postgresTemplate: string | null;
  }
}

/** The emulator (its identities seeded) and PostgreSQL, started once for every API project of the run. */
async function startServices() {
  const [emulator, postgres] = await Promise.all([startEmulator(TEST_PROJECT_ID), startPostgres()]);
  // Seeded once: seeding again would revoke the tokens other test files already hold.
  await seedIdentities(`http://${emulator.host}`, TEST_PROJECT_ID);
  // The analyst, the suite's everyday query user, has done the first sign-in's phone registration, so
  // their tokens carry the second factor the API requires of standalone users (SECURITY.md #3).
  await registerPhone(
    { origin: `http://${emulator.host}`, projectId: TEST_PROJECT_ID },
    { email: 'analyst@acme.example', password: DEMO_PASSWORD, phone: '+16505550102' },
  );
  const templates = await createDatabaseTemplates(postgres?.url ?? null);
  return { emulator, postgres, templates };
}

export default async function setup(project: TestProject) {
  const { service, release } = await onePerRun(
    'api-services',
    startServices,
    async ({ emulator, postgres, templates }) => {
      templates.remove();
      postgres?.stop();
      await emulator.stop();
    },
  );
  project.provide('emulatorHost', service.emulator.host);
  project.provide('postgresUrl', service.postgres?.url ?? null);
  project.provide('pgliteTemplate', service.templates.pgliteTarball);
  project.provide('postgresTemplate', service.templates.postgresTemplate);
  return release;
}
