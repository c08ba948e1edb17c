import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../scripts/stack.ts';
import { testStackConfig } from './testStack.ts';

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'payportal-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  const stack = await startStack(testStackConfig(), { log: (line) => console.log(line), verbose: false });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
