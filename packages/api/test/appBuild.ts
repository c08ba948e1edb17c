// A minimal build of the app (index.html with its configuration placeholder and one hashed asset), so a
// test's app registers the page and static routes exactly as with `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG_ELEMENT_ID } from '@payportal/shared/config';

export function createAppBuild(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'payportal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>PayPortal</title><script id="${CONFIG_ELEMENT_ID}" type="application/json">{}</script>`,
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {};');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
