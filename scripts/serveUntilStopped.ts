// What `npm start` and `npm run start:scale` do once their stack is up: print the URLs and demo accounts,
// and stop everything on Ctrl-C (or SIGTERM), once; and how either script ends on a failed start.
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '@payportal/api/demo-accounts';
import { ConfigError } from '@payportal/shared/config';
import type { StackConfig } from './stackConfig.ts';
import { welcomeText } from './welcome.ts';

export const log = (line: string) => console.log(line);

export function serveUntilStopped(
  config: StackConfig,
  stack: { timings: { total: number }; stop(): Promise<void> },
): void {
  for (const line of welcomeText({
    config,
    totalMs: stack.timings.total,
    accounts: DEMO_ACCOUNTS,
    organizations: DEMO_ORGANIZATIONS,
    password: DEMO_PASSWORD,
  }))
    log(line);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    log('\nStopping…');
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Runs a start script's main; a failed start prints its reason (a settings error as its list) and exits 1. */
export function runStart(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `\n${(error as Error).message}`);
    process.exit(1);
  });
}
