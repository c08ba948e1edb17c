import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envFlag, envList, parseConfig } from './env.ts';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535),
  ORIGINS: z.preprocess(envList, z.array(z.url())),
  SEED: z.preprocess(envFlag, z.boolean()),
});

describe('parseConfig', () => {
  it('returns typed values from environment strings', () => {
    expect(parseConfig(schema, { PORT: '8787', ORIGINS: 'http://a.test, http://b.test', SEED: '1' })).toEqual({
      PORT: 8787,
      ORIGINS: ['http://a.test', 'http://b.test'],
      SEED: true,
    });
  });

  it('lists every wrong or missing value with what was received', () => {
    let error: unknown;
    try {
      parseConfig(schema, { PORT: 'eighty', ORIGINS: 'not a url' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^PORT: .*\(got "eighty"\)$/);
    expect(problems[1]).toMatch(/^ORIGINS\.0: /);
    expect(problems[2]).toMatch(/^SEED: /);
  });
});
