// A new upload's metadata: a file name with control characters or text-direction marks is refused,
// since the history and the audit would show it as another name.
import { describe, expect, it } from 'vitest';
import { uploadMetadataSchema } from './uploadSchemas.ts';

const meta = (filename: string) => uploadMetadataSchema.safeParse({ filename, kind: 'transactions', mode: 'append' });

describe('uploadMetadataSchema', () => {
  it('[U2] takes an ordinary file name, accents and spaces included', () => {
    expect(meta('Ventes – octobre 2026.csv').success).toBe(true);
  });
  it.each([
    ['a right-to-left override', 'invoice\u202Evsc.exe'],
    ['a left-to-right mark', 'sales\u200E.csv'],
    ['an isolate', 'sales\u2066x\u2069.csv'],
    ['a line break', 'sales\n.csv'],
    ['a NUL', 'sales\u0000.csv'],
    ['a C1 control', 'sales\u0085.csv'],
  ])('[U2] refuses %s', (_name, filename) => {
    const parsed = meta(filename);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('must not contain control characters or text-direction marks: rename the file and choose it again');
  });
});
