import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../scripts/stack.ts';
import { testStackConfig } from './testStack.ts';

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'payportal-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Acme's demo dataset at a tenth of `npm start`'s (Demo Payments gets a tenth of that): every figure a
  // spec checks is compared with the API's own answer, so the size does not change what is asserted.
  // The slow tier's overflow sweep sets 1 (`npm run test:e2e:slow`): the widest figures are SF 1's.
  process.env.DEMO_DATA_SCALE ??= '0.1';
  const stack = await startStack(testStackConfig(), { log: (line) => console.log(line), verbose: false });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
