// Each route receives the inputs its row of the table names.
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../testing/renderAppAt.tsx';
import { routeTable, type RouteParams } from './routeTable.tsx';

const owner = signedInAs(['org_owner', 'query'], { isDemo: true });

function inputsOf(path: string, params: RouteParams = {}) {
  const row = routeTable.find((candidate) => candidate.path === path)!;
  return row.guard === 'none' ? row.inputs(params) : row.inputs({ params, session: owner });
}

describe('route inputs', () => {
  it.each([
    ['/home', {}, { isDemoOrg: true }],
    ['/data/upload/:uploadId', { uploadId: 'u-9' }, { uploadId: 'u-9' }],
    ['/organization/manage', {}, { assignableRoles: ['query', 'upload'], orgId: 7 }],
    ['/csv/:id?/edit', { id: '5' }, { id: '5' }],
    ['/csv/:id?/edit', {}, { id: undefined }],
    ['/dashboard/new', {}, { orgId: 7, warehouseId: 42, isDemo: true }],
    ['/dashboard/:id', { id: '3' }, { id: '3', userId: 42, isOwner: true }],
    ['/dashboard/:id/edit', { id: '3' }, { id: '3', isOwner: true, userId: 42, isDemo: true }],
    [
      '/dashboard/:id/chart/:chartId/copy',
      { id: '3', chartId: '8' },
      { id: '3', chartId: '8', userId: 42, isOwner: true },
    ],
    ['/dashboards', {}, { userId: 42 }],
    ['/sign-up/:hash', { hash: 'abc' }, { hash: 'abc' }],
  ] as const)('%s with %o receives %o', (path, params, expected) => {
    expect(inputsOf(path, params)).toEqual(expected);
  });

  it('lists every route of the specification once, in its order', () => {
    expect(routeTable.map((row) => row.path)).toEqual([
      '/home',
      '/terms',
      '/data/upload',
      '/data/upload/history',
      '/data/upload/:uploadId',
      '/organization/manage',
      '/profile',
      '/amla',
      '/revenue-optimizer',
      '/csv/new',
      '/csv/:id?/edit',
      '/dashboard/new',
      '/dashboard/:id',
      '/dashboard/:id/edit',
      '/dashboard/:id/chart/new',
      '/dashboard/:id/chart/:chartId/edit',
      '/dashboard/:id/chart/:chartId/copy',
      '/dashboards',
      '/documents',
      '/alerts',
      '/disputes',
      '/disputes/insights',
      '/disputes/:chargebackId',
      '/residuals',
      '/residuals/setup',
      '/residuals/:nodeId',
      '/auth',
      '/forgot-password',
      '/sign-up/:hash',
      '/usermgmt/action',
    ]);
  });

  it('guards each route as specified', () => {
    const guards = Object.fromEntries(routeTable.map((row) => [row.path, row.guard]));
    expect(guards).toEqual({
      '/home': 'general',
      '/terms': 'terms',
      '/data/upload': 'upload',
      '/data/upload/history': 'upload',
      '/data/upload/:uploadId': 'upload',
      '/organization/manage': 'owner',
      '/profile': 'general',
      '/amla': 'query',
      '/revenue-optimizer': 'embedded',
      '/csv/new': 'query',
      '/csv/:id?/edit': 'query',
      '/dashboard/new': 'query',
      '/dashboard/:id': 'query',
      '/dashboard/:id/edit': 'query',
      '/dashboard/:id/chart/new': 'query',
      '/dashboard/:id/chart/:chartId/edit': 'query',
      '/dashboard/:id/chart/:chartId/copy': 'query',
      '/dashboards': 'query',
      '/documents': 'general',
      '/alerts': 'query',
      '/disputes': 'disputes',
      '/disputes/insights': 'query',
      '/disputes/:chargebackId': 'disputes',
      '/residuals': 'residuals',
      '/residuals/setup': 'residuals',
      '/residuals/:nodeId': 'residuals',
      '/auth': 'none',
      '/forgot-password': 'none',
      '/sign-up/:hash': 'none',
      '/usermgmt/action': 'none',
    });
    expect(routeTable.filter((row) => row.standaloneOnly).map((row) => row.path)).toEqual([
      '/profile',
      '/auth',
      '/forgot-password',
      '/sign-up/:hash',
      '/usermgmt/action',
    ]);
  });
});
