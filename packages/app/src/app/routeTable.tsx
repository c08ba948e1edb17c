// spec §2, route table: one row per route, in the specification's order. `access` names the guard of
// spec §6 that protects the route; `standaloneOnly` routes do not exist when framed (spec §1).
import type { ComponentType } from 'react';
import { SignInScreen } from '../features/auth/SignInScreen.tsx';
import { NotAvailableScreen } from '../ui/NotAvailableScreen.tsx';

export type RouteAccess = 'general' | 'terms' | 'owner' | 'upload' | 'query' | 'embedded' | 'standaloneOnly';

export interface RouteRow {
  path: string;
  access: RouteAccess;
  screen: ComponentType<Record<string, string | undefined>>;
}

const notYet = (feature: string) => () => <NotAvailableScreen feature={feature} />;

export const routeTable: RouteRow[] = [
  { path: '/home', access: 'general', screen: notYet('Home') },
  { path: '/terms', access: 'terms', screen: notYet('Terms and Conditions') },
  { path: '/data/upload', access: 'upload', screen: notYet('Upload data') },
  { path: '/data/upload/history', access: 'upload', screen: notYet('Upload history') },
  { path: '/data/upload/:uploadId', access: 'upload', screen: notYet('Upload details') },
  { path: '/organization/manage', access: 'owner', screen: notYet('Manage organization') },
  { path: '/profile', access: 'standaloneOnly', screen: notYet('Manage your Profile') },
  { path: '/amla', access: 'query', screen: notYet('Merchant-Level') },
  { path: '/revenue-optimizer', access: 'embedded', screen: notYet('Revenue Optimizer') },
  { path: '/csv/new', access: 'query', screen: notYet('Query Builder') },
  { path: '/csv/:id?/edit', access: 'query', screen: notYet('Query Builder') },
  { path: '/dashboard/new', access: 'query', screen: notYet('New dashboard') },
  { path: '/dashboard/:id', access: 'query', screen: notYet('Dashboard') },
  { path: '/dashboard/:id/edit', access: 'query', screen: notYet('Edit dashboard') },
  { path: '/dashboard/:id/chart/new', access: 'query', screen: notYet('New chart') },
  { path: '/dashboard/:id/chart/:chartId/edit', access: 'query', screen: notYet('Edit chart') },
  { path: '/dashboard/:id/chart/:chartId/copy', access: 'query', screen: notYet('Copy chart') },
  { path: '/dashboards', access: 'query', screen: notYet('Dashboards') },
  { path: '/documents', access: 'general', screen: notYet('Documents') },
  { path: '/auth', access: 'standaloneOnly', screen: SignInScreen },
  { path: '/forgot-password', access: 'standaloneOnly', screen: notYet('Forgot password') },
  { path: '/sign-up/:hash', access: 'standaloneOnly', screen: notYet('Sign up') },
  { path: '/usermgmt/action', access: 'standaloneOnly', screen: notYet('Account action') },
];
