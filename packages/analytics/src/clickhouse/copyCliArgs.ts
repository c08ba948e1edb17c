// The arguments of `npm run clickhouse:copy` (copyCli.ts), read with node's parseArgs and checked with
// zod like `npm run generate`'s (generateCliArgs.ts), whose DuckDB file default and UsageError it shares.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { UsageError, defaultDuckDBFile } from '../generator/generateCliArgs.ts';
import { MAX_ORG_ID } from '../generator/generateDataset.ts';

export const COPY_USAGE = `Usage: npm run clickhouse:copy -- --url URL [--shard URL …] [--database NAME] [--org ID …] [--file path]

  --url URL        the ClickHouse server's HTTP interface, e.g. http://127.0.0.1:8123 (default: $CLICKHOUSE_URL)
  --shard URL      a cluster's shard (CLICKHOUSE.md, "The cluster"): every shard's HTTP interface, repeated in
                   the order of its remote_servers entry, the first being --url (default: $CLICKHOUSE_SHARD_URLS)
  --database NAME  the database of the analytics tables (default: default); created tables are added where missing
  --org ID         an organisation to copy, replacing its rows in ClickHouse; repeat for more (default: every
                   organisation with a dataset in the file)
  --file path      the DuckDB file (default: the API's, $DATA_DIR/analytics.duckdb, DATA_DIR defaulting to .data);
                   read-only, but DuckDB lets no other process hold it open for writing: stop the API that owns it`;

export interface CopyCliOptions {
  url: string;
  /** A cluster's shards' URLs in order (the first is `url`); empty: one server. */
  shardUrls: string[];
  database: string;
  orgIds: number[];
  file: string;
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:8123' });
const argsSchema = z.object({
  url: httpUrl,
  shard: z.array(httpUrl),
  database: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be a plain identifier (letters, digits, _)' }),
  org: z.array(
    z
      .string()
      .regex(/^\d+$/, { error: 'must be a whole number' })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { error: 'must be at least 1' })
          .max(MAX_ORG_ID, { error: `must be at most ${MAX_ORG_ID}` }),
      ),
  ),
  file: z.string().min(1, { error: 'must not be empty' }),
});

/** The options of `npm run clickhouse:copy -- …`, or 'help'; UsageError names each bad option. */
export function parseCopyArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): CopyCliOptions | 'help' {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' },
        shard: { type: 'string', multiple: true },
        database: { type: 'string' },
        org: { type: 'string', multiple: true },
        file: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError([error instanceof Error ? error.message : String(error)]);
  }
  if (values.help) return 'help';
  const input = {
    url: values.url ?? env.CLICKHOUSE_URL,
    shard: (values.shard as string[] | undefined) ?? env.CLICKHOUSE_SHARD_URLS?.split(',').filter(Boolean) ?? [],
    database: values.database ?? 'default',
    org: values.org ?? [],
    file: values.file ?? defaultDuckDBFile(env),
  };
  const result = argsSchema.safeParse(input);
  if (!result.success) {
    throw new UsageError(
      result.error.issues.map((issue) => {
        const option = String(issue.path[0]);
        const received = input[option as keyof typeof input];
        return `--${option} ${input[option as keyof typeof input] === undefined ? 'is required' : issue.message}${received === undefined ? '' : ` (received ${JSON.stringify(received)})`}`;
      }),
    );
  }
  const { url, shard, database, org, file } = result.data;
  if (shard.length && shard[0] !== url)
    throw new UsageError([
      `--shard must begin with --url (${url}), the shard queries are sent to (received ${JSON.stringify(shard[0])})`,
    ]);
  return { url, shardUrls: shard, database, orgIds: [...new Set(org)], file };
}
