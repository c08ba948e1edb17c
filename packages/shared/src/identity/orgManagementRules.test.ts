import { describe, expect, it } from 'vitest';
import { rolesOutsideGrant } from './orgManagementRules.ts';

describe('roles outside the grant', () => {
  it('allows giving and taking assignable roles', () => {
    expect(rolesOutsideGrant(['query'], ['upload'], ['query', 'upload'])).toEqual([]);
  });
  it('names a role given without the grant', () => {
    expect(rolesOutsideGrant(['query'], ['query', 'org_owner'], ['query', 'upload'])).toEqual(['org_owner']);
  });
  it('names a role taken without the grant', () => {
    expect(rolesOutsideGrant(['revenue_optimizer', 'query'], ['query'], ['query'])).toEqual(['revenue_optimizer']);
  });
  it('lets a role outside the grant stay as it is', () => {
    expect(rolesOutsideGrant(['revenue_optimizer'], ['revenue_optimizer', 'query'], ['query'])).toEqual([]);
  });
});
