// What the browser benchmarks share: the stack's ports moved by BENCH_PORT_OFFSET (so a developer's
// `npm start` keeps running) on a fresh data directory, and the partner demo user's ID token.
import { dayBefore, DuckDBEngine, duckdbFileIn } from '@payportal/analytics';
import { offsetStackConfig, type StackConfig } from '../scripts/stackConfig.ts';

/**
 * The demo organisations' datasets at scale `sf`, made in `dataDir` before the stack starts (the API
 * would otherwise generate them inside its start-up wait, beside the identity emulator's start). A fresh
 * portal database gives Acme Acquiring id 1 and Demo Payments id 2 (seed order), and the API reuses
 * datasets that match its own scale (seedDemoAnalytics.ts) and month. Answers the seconds it took.
 */
export async function generateBenchData(dataDir: string, sf: number): Promise<number> {
  const started = performance.now();
  const generator = await DuckDBEngine.open({ path: duckdbFileIn(dataDir) });
  await generator.ensureDataset({
    orgId: 1,
    scaleFactor: sf,
    lastDay: dayBefore(new Date().toISOString().slice(0, 10)),
  });
  await generator.ensureDataset({
    orgId: 2,
    scaleFactor: Math.max(0.01, Math.round(sf * 10) / 100),
    lastDay: dayBefore(new Date().toISOString().slice(0, 10)),
  });
  await generator.close();
  return (performance.now() - started) / 1000;
}

export function benchStackConfig(offset: number, dataDir: string): StackConfig {
  return offsetStackConfig(offset, { DATA_DIR: dataDir });
}

/** partner@acme.example's ID token from the stack's identity emulator. */
export async function partnerIdToken(emulatorUrl: string): Promise<string> {
  const signIn = await fetch(
    `${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'partner@acme.example', password: 'Portal-demo-2026', returnSecureToken: true }),
    },
  );
  return ((await signIn.json()) as { idToken: string }).idToken;
}
