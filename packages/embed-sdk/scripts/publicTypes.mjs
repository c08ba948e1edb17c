// Ships only the public declarations: tsc writes every file's .d.ts to .types/,
// this copies the ones the public entry reaches into dist/ with `.js` import specifiers (a consumer's
// TypeScript without allowImportingTsExtensions cannot follow `.ts`), and fails when a shipped file
// imports something that is not shipped or names the private @payportal/shared.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const PUBLIC = ['index', 'mountPortal', 'types', 'EmbedError'];
const from = new URL('../.types/', import.meta.url);
const to = new URL('../dist/', import.meta.url);

for (const name of PUBLIC) {
  const text = readFileSync(new URL(`${name}.d.ts`, from), 'utf8').replace(/(from '\.\/[\w-]+)\.ts'/g, "$1.js'");
  for (const [, target] of text.matchAll(/from '([^']+)'/g)) {
    const local = /^\.\/([\w-]+)\.js$/.exec(target)?.[1];
    if (!local || !PUBLIC.includes(local)) throw new Error(`dist/${name}.d.ts imports ${target}, which is not shipped`);
  }
  writeFileSync(new URL(`${name}.d.ts`, to), text);
}
rmSync(from, { recursive: true, force: true });
