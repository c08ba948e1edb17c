// Playwright cannot download browsers here (no network but the registries), so the browser tests use
// Debian's Chromium: CHROMIUM_PATH, else /usr/bin/chromium, installed with apt when missing and root.
import { existsSync } from 'node:fs';
import { ensureDebianPackage } from '../scripts/debianPackage.ts';

const DEFAULT_PATH = '/usr/bin/chromium';

export function findChromium(): string {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) {
    if (existsSync(wanted)) return wanted;
    throw new Error(
      `No Chromium at CHROMIUM_PATH=${wanted}: point it at a Chromium binary, or unset it to use Debian's package.`,
    );
  }
  const why = "the browser tests drive Debian's Chromium, since Playwright cannot download browsers here";
  return ensureDebianPackage({ name: 'chromium', why, find: () => (existsSync(DEFAULT_PATH) ? DEFAULT_PATH : null) });
}

/** The flags this closed network needs (background connections would be refused, many at a time). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];
