// A fresh ClickHouse database per test file on the suite's server (globalSetup.ts), so files running
// in parallel never see each other's tables; drop() removes it.
import { randomUUID } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import { inject } from 'vitest';
import { createClickHouseClient } from '../src/clickhouse/createClickHouseClient.ts';

export interface TestDatabase {
  name: string;
  /** A client whose unqualified table names resolve in this database. */
  client: ClickHouseClient;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = inject('clickhouseUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = createClickHouseClient({ url });
  await admin.command({ query: `create database ${name}` });
  const client = createClickHouseClient({ url, database: name });
  return {
    name,
    client,
    async drop() {
      await client.close();
      await admin.command({ query: `drop database if exists ${name}` });
      await admin.close();
    },
  };
}
