// "one source per fact": a business constant of the specification is declared once, in
// @payportal/shared, and the API uses that declaration; a second copy could drift.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const apiSource = new URL('../src/', import.meta.url).pathname;
const files = readdirSync(apiSource, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);

describe('one source per fact', () => {
  it('the embedded terms product id 2 is shared’s EMBEDDED_TERMS_PRODUCT_ID, not declared or written out in the API', () => {
    const copies = files.filter((file) => {
      const text = readFileSync(join(apiSource, file), 'utf8');
      return /TERMS_PRODUCT_ID\s*=/.test(text) || /product_id[^\n]*values\s*\([^)]*(?<![$\w])2\b/.test(text);
    });
    expect(files.length).toBeGreaterThan(50);
    expect(copies).toEqual([]);
  });
});
