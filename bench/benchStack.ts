// What the browser benchmarks share: the stack's ports moved by BENCH_PORT_OFFSET (so a developer's
// `npm start` keeps running) on a fresh data directory, and the partner demo user's ID token.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dayBefore, DuckDBEngine, duckdbFileIn } from '@payportal/analytics';
import { API_PATHS } from '@payportal/shared/identity';
import { offsetStackConfig, type StackConfig } from '../scripts/stackConfig.ts';
import { storedDatasetPath } from './benchDataset.ts';

/**
 * The demo organisations' datasets at scale `sf`, made in `dataDir` before the stack starts (the API
 * would otherwise generate them inside its start-up wait, beside the identity emulator's start). A fresh
 * portal database gives Acme Acquiring id 1 and Demo Payments id 2 (seed order), and the API reuses
 * datasets that match its own scale (seedDemoAnalytics.ts) and month. Answers the seconds it took.
 */
export async function generateBenchData(dataDir: string, sf: number): Promise<number> {
  const started = performance.now();
  const first = { orgId: 1, scaleFactor: sf, lastDay: dayBefore(new Date().toISOString().slice(0, 10)) };
  // With BENCH_DATASETS, a stored dataset of Acme's (benchDataset.ts) is copied rather than made again.
  const stored = storedDatasetPath(first);
  if (stored && existsSync(stored) && !existsSync(duckdbFileIn(dataDir))) {
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(stored, duckdbFileIn(dataDir));
  }
  const generator = await DuckDBEngine.open({ path: duckdbFileIn(dataDir) });
  await generator.ensureDataset(first);
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

/**
 * partner@acme.example's portal session, opened as the partner demo opens it: partner users sign in through
 * their partner only (a password sign-in is refused, `api/partner-sign-in-only`), so Northwind's server
 * signs a session token for its signed-in user and the portal exchanges it for an ID token.
 */
export async function partnerIdToken(urls: { app: string; demo: string }): Promise<string> {
  const signIn = await fetch(`${urls.demo}/northwind/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'partner@acme.example', password: 'Portal-demo-2026' }),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!signIn.ok || !cookie) throw new Error(`Northwind refused the sign-in: ${signIn.status}`);
  const signed = await fetch(`${urls.demo}/northwind/payportal-session`, { method: 'POST', headers: { cookie } });
  const { token } = (await signed.json()) as { token: string };
  const session = await fetch(`${urls.app}${API_PATHS.partnerSession}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, origin: new URL(urls.demo).origin }),
  });
  const body = (await session.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no partner session: ${JSON.stringify(body)}`);
  return body.id_token;
}
