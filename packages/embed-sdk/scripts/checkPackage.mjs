// The packed tarball as npm users get it, checked offline: publint (package.json
// fields against the files), @arethetypeswrong/cli (types resolve for ESM consumers: node16 and bundler)
// and the file list (the builds, their maps and the public declarations only). Run by `npm test`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, '../../node_modules/.bin', name);
const dir = mkdtempSync(join(tmpdir(), 'payportal-sdk-pack-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }),
  );
  const tarball = join(dir, packed.filename);
  const files = packed.files.map((file) => file.path).sort();
  const expected = [
    'README.md',
    'dist/EmbedError.d.ts',
    'dist/index.d.ts',
    'dist/index.js',
    'dist/index.js.map',
    'dist/mountPortal.d.ts',
    'dist/payportal-embed.iife.js',
    'dist/payportal-embed.iife.js.map',
    'dist/types.d.ts',
    'package.json',
  ];
  if (JSON.stringify(files) !== JSON.stringify(expected))
    throw new Error(`the tarball holds ${files.join(', ')}; expected ${expected.join(', ')}`);
  execFileSync(bin('publint'), ['run', tarball, '--strict'], { stdio: 'inherit' });
  execFileSync(bin('attw'), [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './payportal-embed.iife.js'], {
    stdio: 'inherit',
  });
  console.log(`${packed.filename}: ${files.length} files, publint and attw clean`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
