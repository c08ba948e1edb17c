// The stack the browser tests run against: its own block of ports (E2E_PORT_OFFSET, default 10000
// above `npm start`'s) and a fresh data directory, so a developer's `npm start` can keep running.
import { readStackConfig, type StackConfig } from '../scripts/stackConfig.ts';

export function testStackConfig(): StackConfig {
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 10000);
  const defaults = readStackConfig({});
  return readStackConfig({
    AUTH_EMULATOR_PORT: String(defaults.AUTH_EMULATOR_PORT + offset),
    EMULATOR_HUB_PORT: String(defaults.EMULATOR_HUB_PORT + offset),
    EMULATOR_LOGGING_PORT: String(defaults.EMULATOR_LOGGING_PORT + offset),
    API_PORT: String(defaults.API_PORT + offset),
    DEMO_PORT: String(defaults.DEMO_PORT + offset),
    DATA_DIR: process.env.E2E_DATA_DIR ?? '',
    // A page on a third origin, for the framing tests that must be refused.
    EXTRA_PARTNER_ORIGINS: process.env.E2E_EXTRA_PARTNER_ORIGINS ?? '',
  });
}
