// Every process reads its settings through one zod schema. This turns a failed parse
// into the readable list that start-up prints before it exits.
import type { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, unknown>,
): z.infer<Schema> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(root)';
      const received = issue.path.length ? source[String(issue.path[0])] : undefined;
      return received === undefined
        ? `${name}: ${issue.message}`
        : `${name}: ${issue.message} (got "${String(received)}")`;
    }),
  );
}

/** Env vars are strings; booleans are spelled "true"/"false"/"1"/"0". */
export function envFlag(value: unknown): unknown {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return value;
}

/** Comma-separated list of non-empty, trimmed values. */
export function envList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
