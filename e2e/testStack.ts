// The stack the browser tests run against: its own block of ports (E2E_PORT_OFFSET, default 10000
// above `npm start`'s) and a fresh data directory, so a developer's `npm start` can keep running.
import { offsetStackConfig, type StackConfig } from '../scripts/stackConfig.ts';

export function testStackConfig(): StackConfig {
  return offsetStackConfig(Number(process.env.E2E_PORT_OFFSET ?? 10000), {
    DATA_DIR: process.env.E2E_DATA_DIR ?? '',
    // A page on a third origin, for the framing tests that must be refused.
    EXTRA_PARTNER_ORIGINS: process.env.E2E_EXTRA_PARTNER_ORIGINS ?? '',
  });
}
