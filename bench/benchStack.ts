// What the browser benchmarks share: the stack's ports moved by BENCH_PORT_OFFSET (so a developer's
// `npm start` keeps running) on a fresh data directory, and the partner demo user's ID token.
import { readStackConfig, type StackConfig } from '../scripts/stackConfig.ts';

export function benchStackConfig(offset: number, dataDir: string): StackConfig {
  const defaults = readStackConfig({});
  return readStackConfig({
    AUTH_EMULATOR_PORT: String(defaults.AUTH_EMULATOR_PORT + offset),
    EMULATOR_HUB_PORT: String(defaults.EMULATOR_HUB_PORT + offset),
    EMULATOR_LOGGING_PORT: String(defaults.EMULATOR_LOGGING_PORT + offset),
    API_PORT: String(defaults.API_PORT + offset),
    DEMO_PORT: String(defaults.DEMO_PORT + offset),
    DATA_DIR: dataDir,
  });
}

/** partner@acme.example's ID token from the stack's identity emulator. */
export async function partnerIdToken(emulatorUrl: string): Promise<string> {
  const signIn = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'partner@acme.example', password: 'Portal-demo-2026', returnSecureToken: true }),
  });
  return ((await signIn.json()) as { idToken: string }).idToken;
}
