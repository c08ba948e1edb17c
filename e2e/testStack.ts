// The stack the browser tests run against: its own block of ports (E2E_PORT_OFFSET, default 10000
// above `npm start`'s) and a fresh data directory, so a developer's `npm start` can keep running. The
// scale-out stack's tests (playwright.scale.config.ts, E2E_STACK=scale) take the block SCALE_PORT_SHIFT
// above that, so the two suites never meet on a port.
import { offsetStackConfig, type StackConfig } from '../scripts/stackConfig.ts';

export const SCALE_PORT_SHIFT = 500;

export function testStackConfig(): StackConfig {
  const shift = process.env.E2E_STACK === 'scale' ? SCALE_PORT_SHIFT : 0;
  return offsetStackConfig(Number(process.env.E2E_PORT_OFFSET ?? 10000) + shift, {
    DATA_DIR: process.env.E2E_DATA_DIR ?? '',
    // A page on a third origin, for the framing tests that must be refused.
    EXTRA_PARTNER_ORIGINS: process.env.E2E_EXTRA_PARTNER_ORIGINS ?? '',
  });
}
