// `npm run clickhouse:copy -- --url URL [--shard URL …] [--database NAME] [--org ID …] [--file path]`: the
// operator's copy of a DuckDB file's organisations into ClickHouse, one server or a cluster's shards
// (CLICKHOUSE.md, "Loading", "The cluster"), a progress line per table.
import { ClickHouseShards } from './clickhouseShards.ts';
import { createClickHouseClient } from './createClickHouseClient.ts';
import { COPY_USAGE, parseCopyArgs, type CopyCliOptions } from './copyCliArgs.ts';
import { copyDuckDBFile, MissingDatasetError } from './loadClickHouse.ts';
import { UsageError } from '../generator/generateCliArgs.ts';

async function copy({ url, shardUrls, database, orgIds, file }: CopyCliOptions): Promise<number> {
  const urls = shardUrls.length ? shardUrls : [url];
  // The database is made where missing, so a fresh server needs no step of its own.
  for (const server of urls) {
    const admin = createClickHouseClient({ url: server });
    try {
      await admin.command({ query: `create database if not exists ${database}` });
    } finally {
      await admin.close();
    }
  }
  const client = await ClickHouseShards.open({ urls, database });
  const started = performance.now();
  try {
    console.log(
      `Copying ${orgIds.length ? `organisation ${orgIds.join(', ')}` : 'every organisation'} from ${file} into ${urls.join(', ')}, database ${database} …`,
    );
    const report = await copyDuckDBFile(file, client, orgIds, (line) => console.log(line));
    const facts = report.rows.transactions.toLocaleString('en-US');
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${facts} transactions.`);
    return 0;
  } catch (error) {
    if (error instanceof MissingDatasetError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof Error && /lock/i.test(error.message)) {
      console.error(
        `${file} is locked by another process, most likely the API (npm start): stop it and run this again.\n(${error.message})`,
      );
      return 1;
    }
    throw error;
  } finally {
    await client.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const options = parseCopyArgs(argv, process.env);
    if (options === 'help') {
      console.log(COPY_USAGE);
      return 0;
    }
    return await copy(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.problems.join('\n')}\n\n${COPY_USAGE}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
