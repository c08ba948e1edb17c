// `npm run test:times`: the slowest 20 test files of the last runs, from the JSON reports that
// `npm test` and `npm run test:slow` leave in .test-reports/ (scripts/testTimes.ts), and each runner's total.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { playwrightFileTimes, slowestLines, vitestFileTimes, type FileTime } from './testTimes.ts';

const REPORTS = '.test-reports';
const root = process.cwd();
const reports = ['vitest', 'vitest-slow', 'playwright', 'playwright-slow', 'playwright-scale'];
const times: FileTime[] = [];
for (const runner of reports) {
  const path = join(root, REPORTS, `${runner}.json`);
  if (!existsSync(path)) continue;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = runner.startsWith('vitest')
    ? vitestFileTimes(report, runner, root)
    : playwrightFileTimes(report, runner);
  const total = files.reduce((sum, file) => sum + file.ms, 0);
  console.log(`${runner}: ${files.length} files, ${(total / 1000).toFixed(0)} s summed over files (${path})`);
  times.push(...files);
}
if (times.length === 0) {
  console.error(`No reports in ${REPORTS}/: run npm test (or npm run test:slow) first.`);
  process.exit(1);
}
console.log('\nSlowest 20 files:');
for (const line of slowestLines(times)) console.log(line);
