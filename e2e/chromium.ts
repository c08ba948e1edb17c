// Playwright cannot download browsers here (no network but the registries), so the browser tests use
// Debian's Chromium: CHROMIUM_PATH, else /usr/bin/chromium, installed with apt when missing and root.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';

export function findChromium(): string {
  const wanted = process.env.CHROMIUM_PATH ?? DEFAULT_PATH;
  if (existsSync(wanted)) return wanted;
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian\'s "chromium" package…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  }
  throw new Error(
    `No Chromium at ${wanted}: install Debian's package with "sudo apt-get install chromium", or set CHROMIUM_PATH to a Chromium binary.`,
  );
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
