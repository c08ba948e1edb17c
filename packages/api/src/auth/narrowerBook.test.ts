// The narrower of two books (README "Scoped books"): small, no server.
import { describe, expect, it } from 'vitest';
import { narrowerBook, within } from './narrowerBook.ts';

const NODES = [
  { code: 'SUB-1', parentCode: null },
  { code: 'AGT-1', parentCode: 'SUB-1' },
  { code: 'AGT-2', parentCode: 'SUB-1' },
  { code: 'SUB-2', parentCode: null },
  { code: 'AGT-3', parentCode: 'SUB-2' },
];

describe('narrowerBook', () => {
  it('finds a node in its own subtree and its ancestors’, never in a sibling’s or an unknown code’s', () => {
    expect(within(NODES, 'AGT-1', 'AGT-1')).toBe(true);
    expect(within(NODES, 'AGT-1', 'SUB-1')).toBe(true);
    expect(within(NODES, 'SUB-1', 'AGT-1')).toBe(false);
    expect(within(NODES, 'AGT-1', 'AGT-2')).toBe(false);
    expect(within(NODES, 'AGT-9', 'SUB-1')).toBe(false);
  });

  it('answers the narrower book, the whole organisation being the widest; undefined when they share no merchant', () => {
    expect(narrowerBook(NODES, null, null)).toBeNull();
    expect(narrowerBook(NODES, null, 'AGT-1')).toBe('AGT-1');
    expect(narrowerBook(NODES, 'AGT-1', null)).toBe('AGT-1');
    expect(narrowerBook(NODES, 'SUB-1', 'AGT-2')).toBe('AGT-2');
    expect(narrowerBook(NODES, 'AGT-2', 'SUB-1')).toBe('AGT-2');
    expect(narrowerBook(NODES, 'AGT-1', 'AGT-1')).toBe('AGT-1');
    expect(narrowerBook(NODES, 'AGT-1', 'AGT-3')).toBeUndefined();
    expect(narrowerBook(NODES, 'SUB-1', 'SUB-2')).toBeUndefined();
    expect(narrowerBook(NODES, 'AGT-9', 'SUB-1')).toBeUndefined();
  });
});
