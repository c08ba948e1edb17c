// The scope rules every route shares (README "Scoped books"): small, no server.
import { describe, expect, it } from 'vitest';
import { queryScope, seesBook } from './callerScope.ts';

describe('callerScope', () => {
  it('makes a scope with a node only for a scoped user: the whole organisation has none (one cache key per book)', () => {
    expect(queryScope(3, null, '2026-10-20')).toEqual({ orgId: 3, today: '2026-10-20' });
    expect(queryScope(3, 'AGT-0001', '2026-10-20')).toEqual({ orgId: 3, node: 'AGT-0001', today: '2026-10-20' });
  });

  it('lets the whole organisation have any book’s file, a scoped session its own book’s only', () => {
    expect(seesBook(null, 'AGT-0001')).toBe(true);
    expect(seesBook('AGT-0001', 'AGT-0001')).toBe(true);
    expect(seesBook('AGT-0001', null)).toBe(false);
    expect(seesBook('AGT-0001', 'AGT-0002')).toBe(false);
  });
});
