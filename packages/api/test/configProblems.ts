// The problems readApiConfig names for a set of settings (none: an empty list), for tests that check a
// start refuses what it should and names it.
import { ConfigError } from '@payportal/shared/config';
import { readApiConfig } from '../src/config.ts';

export function configProblems(source: Record<string, string>): string[] {
  try {
    readApiConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
