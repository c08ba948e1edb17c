// Every row of the route table: each path, opened by a user its guard lets
// in, draws that row's own screen. A row whose feature has not shipped draws the "not available"
// placeholder named after the row, and the test says so: a heading alone proves nothing.
import { encodeSignUpHash } from '@payportal/shared/identity';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestPortalConfig } from '../testing/testPortalConfig.ts';
import { resetSession } from '../features/session/sessionStore.ts';
import { preloadAllScreens, renderAppAt, signedInAs } from '../testing/renderAppAt.tsx';
import { routeTable } from './routeTable.tsx';

const everyone = signedInAs(['org_owner', 'query', 'upload', 'upload_admin', 'revenue_optimizer'], {
  termsAccepted: true,
});
const embeddedNew = signedInAs(['revenue_optimizer']);
const signedOut = { status: 'signedOut' } as const;

/** Per row: a concrete path, who opens it, and what only that row's screen shows. */
const ROWS: Record<
  string,
  { path: string; who: Parameters<typeof renderAppAt>[1]; heading: string | RegExp; text: string }
> = {
  '/home': {
    path: '/home',
    who: everyone,
    heading: 'Welcome to PayPortal',
    text: 'The big data solution for the modern acquirer.',
  },
  '/terms': {
    path: '/terms',
    who: embeddedNew,
    heading: 'Terms and Conditions',
    text: 'I agree to the Terms and Conditions',
  },
  '/data/upload': {
    path: '/data/upload',
    who: everyone,
    heading: 'Upload data',
    text: 'Reject the whole file if any row fails',
  },
  '/data/upload/history': {
    path: '/data/upload/history',
    who: everyone,
    heading: 'Upload history',
    text: 'Loading uploads…',
  },
  '/data/upload/:uploadId': {
    // Not a number: the upload details screen's own not-found page, without asking the API.
    path: '/data/upload/u-9',
    who: everyone,
    heading: 'Upload not found',
    text: 'This upload does not exist or is not yours.',
  },
  '/organization/manage': {
    path: '/organization/manage',
    who: everyone,
    heading: 'Manage organization',
    text: 'Invite',
  },
  '/profile': { path: '/profile', who: everyone, heading: 'Manage your Profile', text: 'person@acme.example' },
  '/amla': { path: '/amla', who: everyone, heading: 'Merchant-Level', text: 'Find a merchant' },
  '/revenue-optimizer': {
    path: '/revenue-optimizer',
    who: everyone,
    heading: /Revenue Optimizer/,
    text: 'Contact sales about data harmonization',
  },
  '/csv/new': { path: '/csv/new', who: everyone, heading: 'New CSV export', text: 'Loading the catalogue…' },
  '/csv/:id?/edit': { path: '/csv/5/edit', who: everyone, heading: '', text: 'Loading the export…' },
  '/dashboard/new': { path: '/dashboard/new', who: everyone, heading: 'New dashboard', text: 'Create dashboard' },
  '/dashboard/:id': { path: '/dashboard/3', who: everyone, heading: '', text: 'Loading the dashboard…' },
  '/dashboard/:id/edit': {
    path: '/dashboard/3/edit',
    who: everyone,
    heading: '',
    text: 'Loading the dashboard to edit…',
  },
  '/dashboard/:id/chart/new': {
    path: '/dashboard/3/chart/new',
    who: everyone,
    heading: '',
    text: 'Loading the chart builder…',
  },
  '/dashboard/:id/chart/:chartId/edit': {
    path: '/dashboard/3/chart/8/edit',
    who: everyone,
    heading: '',
    text: 'Loading the chart builder…',
  },
  '/dashboard/:id/chart/:chartId/copy': {
    path: '/dashboard/3/chart/8/copy',
    who: everyone,
    heading: '',
    text: 'Loading the chart to copy…',
  },
  '/dashboards': { path: '/dashboards', who: everyone, heading: 'Dashboards', text: 'Loading the dashboards…' },
  '/documents': { path: '/documents', who: everyone, heading: 'Documents', text: 'Loading documents…' },
  '/alerts': { path: '/alerts', who: everyone, heading: 'Alerts', text: 'Subscriptions' },
  '/disputes': { path: '/disputes', who: everyone, heading: 'Disputes', text: 'Due within 3 days' },
  '/disputes/insights': { path: '/disputes/insights', who: everyone, heading: 'Dispute insights', text: 'By network' },
  '/disputes/:chargebackId': {
    // Not a chargeback id: the detail screen's own not-found page, without asking the API.
    path: '/disputes/abc',
    who: everyone,
    heading: 'Dispute not found',
    text: 'There is no dispute with this id.',
  },
  '/residuals': { path: '/residuals', who: everyone, heading: 'Residuals', text: 'Loading the residuals…' },
  '/residuals/setup': {
    path: '/residuals/setup',
    who: everyone,
    heading: 'Residuals setup',
    text: 'Loading the setup…',
  },
  '/residuals/:nodeId': {
    path: '/residuals/AGT-0001',
    who: everyone,
    heading: 'Statement AGT-0001',
    text: 'Loading the statement…',
  },
  '/auth': { path: '/auth', who: signedOut, heading: 'Sign in to PayPortal', text: 'Forgot Password' },
  '/forgot-password': {
    path: '/forgot-password',
    who: signedOut,
    heading: 'Forgot your password?',
    text: 'Back to Login',
  },
  '/sign-up/:hash': {
    path: `/sign-up/${encodeSignUpHash({ email: 'new@acme.example', name: 'Nina New', invite: 'a'.repeat(43) })}`,
    who: signedOut,
    heading: 'Create your account',
    text: 'Confirm Password',
  },
  // The identity service does not answer here: the action handler's own "working" face.
  '/usermgmt/action': {
    path: '/usermgmt/action?mode=verifyEmail&oobCode=abc',
    who: signedOut,
    heading: '',
    text: 'One moment…',
  },
};

beforeAll(setTestPortalConfig);
beforeAll(preloadAllScreens, 60_000);
afterEach(() => {
  cleanup();
  resetSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('every row of the route table draws its own screen', () => {
  it('has an example for each row, and none for a row that does not exist', () => {
    expect(Object.keys(ROWS)).toEqual(routeTable.map((row) => row.path));
  });

  it.each(Object.entries(ROWS))('%s', async (_, { path, who, heading, text }) => {
    // Screens that load data get a call that never answers: this is about which screen the row draws.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const { address } = renderAppAt(path, who);
    if (heading) expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect((await screen.findAllByText(text, { exact: false })).length).toBeGreaterThan(0);
    expect(address()).toBe(path);
  });
});
