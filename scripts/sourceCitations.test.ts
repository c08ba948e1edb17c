// The code documents itself: a comment explains with the repository's own docs (README sections,
// docs/*.md, SECURITY.md), never with a tracker's issue number or a brief kept outside the repository,
// which a reader of the code cannot open.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './stackConfig.ts';

const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && file !== 'scripts/sourceCitations.test.ts');

/** Each line of the tracked sources that matches `pattern`, as `file:line: text`. */
function linesMatching(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of sources) {
    readFileSync(join(repoRoot, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('source files cite only what the repository holds', () => {
  it('no issue numbers', () => {
    expect(linesMatching(/\b[Ii]ssues? #?\d+\b/)).toEqual([]);
  });

  it('no brief outside the repository', () => {
    expect(linesMatching(/DESIGN\.md|DATA\.md|CONVENTIONS\.md|portal-spec\.md|\.\.\/shared\//)).toEqual([]);
  });

  it('finds a citation when one is there', () => {
    expect(/\b[Ii]ssues? #?\d+\b/.test('// the dispute desk (issue #44)')).toBe(true);
    expect(sources.length).toBeGreaterThan(100);
  });
});
