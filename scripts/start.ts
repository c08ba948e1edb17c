// `npm start`: builds what is stale, brings up every service, prints the URLs and demo accounts.
import { ensureBuilt } from './build.ts';
import { assertPortsFree } from './ports.ts';
import { log, runStart, serveUntilStopped } from './serveUntilStopped.ts';
import { startStack } from './stack.ts';
import { readStackConfig } from './stackConfig.ts';

runStart(async () => {
  const config = readStackConfig();
  await assertPortsFree(config); // before a build that may take a while
  ensureBuilt(log);
  serveUntilStopped(config, await startStack(config, { log, verbose: true }));
});
