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

/**
 * The flags this closed network needs (background connections would be refused, many at a time), and one
 * the framed tests need: with site isolation on, headless Chromium 156 routed Playwright's mouse input to an
 * out-of-process frame by hit-test data that went stale once the frame grew or the host page scrolled. The
 * host's <iframe> element received mousedown, mouseup and click and the frame received nothing (a button
 * low in the frame never clicked; one higher up did). With site isolation off the partner demo's frame
 * renders in the host's process and every click arrives. No origin rule depends on processes: the frame
 * is still cross-origin, so the same-origin policy and the postMessage origin checks work as before.
 */
export const CHROMIUM_ARGS = [
  '--disable-site-isolation-trials',
  '--disable-features=IsolateOrigins,site-per-process',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];
