import { describe, expect, it } from 'vitest';
import { assignableRolesOf } from './roles.ts';

describe('assignableRolesOf (owners assign the union of their roles’ grants)', () => {
  const roles = [
    { name: 'org_owner' as const, grants: ['query' as const, 'upload' as const] },
    { name: 'upload' as const, grants: ['upload_admin' as const, 'upload' as const] },
    { name: 'query' as const, grants: [] },
    { name: 'revenue_optimizer' as const, grants: ['revenue_optimizer' as const] },
  ];

  it('unites the grants of every role the user holds, once each, in role order', () => {
    expect(assignableRolesOf(['upload', 'org_owner'], roles)).toEqual(['query', 'upload', 'upload_admin']);
  });
  it('ignores the grants of roles the user does not hold', () => {
    expect(assignableRolesOf(['query'], roles)).toEqual([]);
  });
});
