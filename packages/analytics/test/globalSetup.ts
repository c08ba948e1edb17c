// Starts one ClickHouse server per `vitest run`, shared by the analytics projects (onePerRun.ts); each test file that needs it
// reads its URL with `inject('clickhouseUrl')` and works in a database of its own (createTestDatabase.ts).
import type { TestProject } from 'vitest/node';
import { onePerRun } from './onePerRun.ts';
import { startClickHouse } from './startClickHouse.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the suite's ClickHouse 18.16 server. */
    clickhouseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const { service, release } = await onePerRun('clickhouse', startClickHouse, (clickhouse) => clickhouse.stop());
  project.provide('clickhouseUrl', service.url);
  return release;
}
