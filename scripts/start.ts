// `npm start`: builds what is stale, brings up every service, prints the URLs and demo accounts.
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '@payportal/api/demo-accounts';
import { ConfigError } from '@payportal/shared';
import { ensureBuilt } from './build.ts';
import { assertPortsFree } from './ports.ts';
import { startStack } from './stack.ts';
import { readStackConfig } from './stackConfig.ts';

const log = (line: string) => console.log(line);

function printWelcome(urls: Awaited<ReturnType<typeof startStack>>['urls'], totalMs: number) {
  log(`\nPayPortal is running (all services ready in ${(totalMs / 1000).toFixed(1)} s).\n`);
  log(`  Portal (standalone)   ${urls.app}`);
  log(`  Partner demo          ${urls.demo}      (frames the portal from another site)`);
  log(`  Code inbox (dev)      ${urls.inbox}   (e-mail links and SMS codes; or: npm run codes)`);
  log(`  Identity emulator     ${urls.emulator}\n`);
  log(`Demo accounts (password for all: ${DEMO_PASSWORD}):`);
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  for (const account of DEMO_ACCOUNTS) {
    log(`  ${account.email.padEnd(width)}  ${DEMO_ORGANIZATIONS[account.org].name.padEnd(15)} ${account.purpose}`);
  }
  log('\nCtrl-C stops everything.');
}

async function main() {
  const config = readStackConfig();
  await assertPortsFree(config); // before a build that may take a while
  ensureBuilt(log);
  const stack = await startStack(config, { log, verbose: true });
  printWelcome(stack.urls, stack.timings.total);
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
