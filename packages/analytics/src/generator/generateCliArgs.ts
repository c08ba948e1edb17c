// The arguments of `npm run generate` (generateCli.ts), read with node's parseArgs and checked with
// zod, so a mistake prints what was expected and what was received instead of a stack trace.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { duckdbFileIn } from '../duckdb/duckdbEngine.ts';
import { END_MONTH_PATTERN, endMonthOf, MAX_ORG_ID, MAX_SCALE_FACTOR } from './generateDataset.ts';

export const GENERATE_USAGE = `Usage: npm run generate -- --sf N --org ID [--end-month YYYY-MM-01] [--file path | --clickhouse URL]

  --sf N                  scale factor, 0 < N ≤ 10000: max(25, N × 1,000) merchants, N × 3,000,000 sales attempts
  --org ID                the organisation whose dataset is made or replaced, 1 … 90,000,000
  --end-month YYYY-MM-01  the last of the 13 months (default: this month, as npm start uses)
  --file path             the DuckDB file (default: the API's, $DATA_DIR/analytics.duckdb, DATA_DIR defaulting to .data)
  --clickhouse URL        into a ClickHouse server instead (its HTTP interface, database default): made in a scratch
                          DuckDB file under the system's temporary folder, then copied, replacing the organisation's rows`;

/** The API's DATA_DIR default (packages/api/src/config.ts): .data at the repository root. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../.data', import.meta.url));

/** The API's DuckDB file as the API finds it: under $DATA_DIR, or .data at the repository root. */
export const defaultDuckDBFile = (env: Record<string, string | undefined>) =>
  duckdbFileIn(env.DATA_DIR ?? DEFAULT_DATA_DIR);

export interface GenerateCliOptions {
  orgId: number;
  scaleFactor: number;
  endMonth: string;
  file: string;
  /** A ClickHouse server's HTTP interface: generate there instead of into `file`. */
  clickhouse?: string;
}

/** Bad arguments: each problem names its option. */
export class UsageError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'UsageError';
  }
}

const number = (pattern: RegExp, expected: string) =>
  z
    .string({ error: 'is required' })
    .regex(pattern, { error: `must be ${expected}` })
    .transform(Number);

const argsSchema = z.object({
  sf: number(/^\d+(\.\d+)?$/, 'a number such as 0.1 or 1').pipe(
    z
      .number()
      .gt(0, { error: 'must be above 0' })
      .max(MAX_SCALE_FACTOR, { error: `must be at most ${MAX_SCALE_FACTOR}` }),
  ),
  org: number(/^\d+$/, 'a whole number').pipe(
    z
      .number()
      .min(1, { error: 'must be at least 1' })
      .max(MAX_ORG_ID, { error: `must be at most ${MAX_ORG_ID}` }),
  ),
  'end-month': z.string().regex(END_MONTH_PATTERN, { error: 'must be the first day of a month, YYYY-MM-01' }),
  file: z.string().min(1, { error: 'must not be empty' }),
  clickhouse: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:8123' }).optional(),
});

/**
 * The options of `npm run generate -- …`, or 'help'. Throws UsageError for unknown options, missing or
 * malformed values. `env` supplies DATA_DIR as the API reads it; `today` the default end month.
 */
export function parseGenerateArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  today = new Date(),
): GenerateCliOptions | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        sf: { type: 'string' },
        org: { type: 'string' },
        'end-month': { type: 'string' },
        file: { type: 'string' },
        clickhouse: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError([error instanceof Error ? error.message : String(error)]);
  }
  if (values.help) return 'help';
  const result = argsSchema.safeParse({
    ...values,
    'end-month': values['end-month'] ?? endMonthOf(today),
    file: values.file ?? defaultDuckDBFile(env),
  });
  if (!result.success) {
    throw new UsageError(
      result.error.issues.map((issue) => {
        const option = String(issue.path[0]);
        const received = values[option];
        return `--${option} ${issue.message}${received === undefined ? '' : ` (received ${JSON.stringify(received)})`}`;
      }),
    );
  }
  const { sf, org, 'end-month': endMonth, file, clickhouse } = result.data;
  if (clickhouse !== undefined && values.file !== undefined)
    throw new UsageError(['--file and --clickhouse name two targets: give one']);
  return { orgId: org, scaleFactor: sf, endMonth, file, ...(clickhouse !== undefined && { clickhouse }) };
}
