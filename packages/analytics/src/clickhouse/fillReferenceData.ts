// The dimension rows every organisation shares (industry groups, industries, states, card products,
// interchange programmes, decline codes, dispute reasons) put into a ClickHouse database that has none
// of them: one that only ever received uploads answered no merchant header, its joins finding no
// industry or state. The rows are the ones DuckDB inserts at open, copied by copyFromDuckDB.
import { DuckDBInstance } from '@duckdb/node-api';
import { createSchema } from '../duckdb/createSchema.ts';
import { insertReferenceData } from '../generator/referenceData.ts';
import { CLICKHOUSE_TABLES } from './clickhouseTables.ts';
import { copyFromDuckDB, toShards, type ClickHouseTarget } from './copyFromDuckDB.ts';
import { queryRows } from './runClickHouseQuery.ts';

/** Copies the shared dimensions when any of them is empty (on any shard); a database that has them is left alone. */
export async function fillReferenceData(target: ClickHouseTarget): Promise<boolean> {
  const shared = CLICKHOUSE_TABLES.filter((table) => table.scope === 'shared');
  // every shard of a cluster holds them whole: a shard added later has none yet
  const counts = await Promise.all(
    toShards(target).shards.flatMap(({ client }) =>
      shared.map(async (table) => Number((await queryRows(client, `select count() from ${table.name}`))[0]?.[0] ?? 0)),
    ),
  );
  if (counts.every((count) => count > 0)) return false;
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  const connection = await instance.connect();
  try {
    await createSchema(connection);
    await insertReferenceData(connection);
    // No organisation: the shared dimensions alone, each replaced whole.
    await copyFromDuckDB(connection, target, { orgIds: [] });
    return true;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
