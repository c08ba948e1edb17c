// `npm start`: builds what is stale, brings up every service, prints the URLs and demo accounts.
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '@payportal/api/demo-accounts';
import { ConfigError } from '@payportal/shared';
import { ensureBuilt } from './build.ts';
import { assertPortsFree } from './ports.ts';
import { startStack } from './stack.ts';
import { readStackConfig } from './stackConfig.ts';
import { welcomeText } from './welcome.ts';

const log = (line: string) => console.log(line);

async function main() {
  const config = readStackConfig();
  await assertPortsFree(config); // before a build that may take a while
  ensureBuilt(log);
  const stack = await startStack(config, { log, verbose: true });
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

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `\n${(error as Error).message}`);
  process.exit(1);
});
