// One decision table per guard. Each row names a user and the terms state and gives the
// decision standalone and framed; every row runs both ways.
import { describe, expect, it } from 'vitest';
import { roleFlags, type RoleName } from '../identity/roles.ts';
import { decideDisputesRoute } from './decideDisputesRoute.ts';
import { decideEmbeddedRoute } from './decideEmbeddedRoute.ts';
import { decideGeneralRoute } from './decideGeneralRoute.ts';
import { decideOwnerRoute } from './decideOwnerRoute.ts';
import { decideQueryRoute } from './decideQueryRoute.ts';
import { decideResidualsRoute, seesResiduals } from './decideResidualsRoute.ts';
import { decideRoute } from './decideRoute.ts';
import { decideTermsRoute } from './decideTermsRoute.ts';
import { decideUploadRoute } from './decideUploadRoute.ts';
import type { GuardDecision, GuardInput, GuardUser } from './guardDecision.ts';

const as = (...roles: RoleName[]): GuardUser => roleFlags(roles);
const users = {
  nobody: null,
  dataMissing: 'dataMissing',
  owner: as('org_owner'),
  query: as('query'),
  upload: as('upload'),
  uploadAdmin: as('upload', 'upload_admin'),
  embeddedOnly: as('revenue_optimizer'),
  embeddedAndQuery: as('revenue_optimizer', 'query'),
  embeddedAndOwner: as('revenue_optimizer', 'org_owner'),
  embeddedAndUpload: as('revenue_optimizer', 'upload'),
  disputes: as('disputes'),
  residualsAdmin: as('residuals_admin'),
  noRoles: as(),
} satisfies Record<string, GuardUser>;
type UserName = keyof typeof users;

const allow: GuardDecision = { action: 'allow' };
const to = (target: string) => ({ action: 'redirect', to: target }) as GuardDecision;
const unauthorized: GuardDecision = { action: 'notifyParent', message: 'unauthorized' };
const clearAndSignIn: GuardDecision = { action: 'redirect', to: '/auth', clearSession: true };

interface Row {
  user: UserName;
  termsAccepted: boolean;
  standalone: GuardDecision;
  framed: GuardDecision;
}

function runTable(guard: (input: GuardInput) => GuardDecision, rows: Row[]) {
  for (const row of rows) {
    for (const framed of [false, true]) {
      const expected = framed ? row.framed : row.standalone;
      it(`${row.user}, terms ${row.termsAccepted ? 'accepted' : 'not accepted'}, ${framed ? 'framed' : 'standalone'} → ${JSON.stringify(expected)}`, () => {
        expect(guard({ user: users[row.user], framed, termsAccepted: row.termsAccepted })).toEqual(expected);
      });
    }
  }
}

const same = (user: UserName, termsAccepted: boolean, decision: GuardDecision): Row => ({
  user,
  termsAccepted,
  standalone: decision,
  framed: decision,
});

describe('general guard', () => {
  runTable(decideGeneralRoute, [
    { user: 'nobody', termsAccepted: false, standalone: to('/auth'), framed: unauthorized },
    { user: 'dataMissing', termsAccepted: false, standalone: clearAndSignIn, framed: unauthorized },
    same('embeddedOnly', false, to('/terms')),
    same('embeddedOnly', true, allow),
    same('embeddedAndQuery', false, allow),
    same('embeddedAndOwner', false, allow),
    same('embeddedAndUpload', false, allow),
    same('owner', false, allow),
    same('query', false, allow),
    same('upload', false, allow),
    same('noRoles', false, allow),
  ]);
});

describe('terms guard', () => {
  runTable(decideTermsRoute, [
    same('embeddedOnly', false, allow),
    same('embeddedOnly', true, to('/home')),
    same('embeddedAndQuery', false, to('/home')),
    same('embeddedAndOwner', false, to('/home')),
    same('embeddedAndUpload', false, to('/home')),
    same('query', false, to('/home')),
    same('noRoles', false, to('/home')),
    same('nobody', false, to('/home')),
  ]);
});

describe('owner guard', () => {
  runTable(decideOwnerRoute, [
    same('owner', false, allow),
    same('embeddedAndOwner', true, allow),
    same('query', false, to('/home')),
    same('upload', false, to('/home')),
    same('embeddedOnly', true, to('/home')),
    same('noRoles', false, to('/home')),
    same('nobody', false, to('/home')),
  ]);
});

describe('upload guard', () => {
  runTable(decideUploadRoute, [
    same('upload', false, allow),
    same('uploadAdmin', false, allow),
    same('owner', false, to('/home')),
    same('query', false, to('/home')),
    same('embeddedOnly', true, to('/home')),
    same('nobody', false, to('/home')),
  ]);
});

describe('query guard', () => {
  runTable(decideQueryRoute, [
    same('query', false, allow),
    same('embeddedAndQuery', true, allow),
    same('embeddedOnly', true, to('/revenue-optimizer')),
    { user: 'owner', termsAccepted: false, standalone: to('/profile'), framed: to('/home') },
    { user: 'upload', termsAccepted: false, standalone: to('/profile'), framed: to('/home') },
    { user: 'embeddedAndOwner', termsAccepted: true, standalone: to('/profile'), framed: to('/home') },
    { user: 'noRoles', termsAccepted: false, standalone: to('/profile'), framed: to('/home') },
  ]);
});

describe('disputes guard (query users read, disputes users act, owners grant)', () => {
  runTable(decideDisputesRoute, [
    same('disputes', false, allow),
    same('query', false, allow),
    same('owner', false, allow),
    same('embeddedAndOwner', true, allow),
    same('embeddedOnly', true, to('/revenue-optimizer')),
    { user: 'upload', termsAccepted: false, standalone: to('/profile'), framed: to('/home') },
    { user: 'noRoles', termsAccepted: false, standalone: to('/profile'), framed: to('/home') },
  ]);
});

describe('residuals guard (residuals admins, owners, query users for their own book)', () => {
  runTable(decideResidualsRoute, [
    same('residualsAdmin', false, allow),
    same('owner', false, allow),
    same('query', false, allow),
    same('embeddedOnly', true, to('/revenue-optimizer')),
    { user: 'disputes', termsAccepted: false, standalone: to('/profile'), framed: to('/home') },
    { user: 'upload', termsAccepted: false, standalone: to('/profile'), framed: to('/home') },
  ]);

  it('offers the menu item to residuals admins, owners and scoped query users only', () => {
    const offered = (roles: RoleName[], scoped: boolean) => seesResiduals(roleFlags(roles), scoped);
    expect(offered(['residuals_admin'], false)).toBe(true);
    expect(offered(['org_owner'], false)).toBe(true);
    expect(offered(['query'], true)).toBe(true);
    expect(offered(['query'], false)).toBe(false);
    expect(offered(['disputes', 'upload'], true)).toBe(false);
  });
});

describe('embedded guard', () => {
  runTable(decideEmbeddedRoute, [
    same('embeddedOnly', true, allow),
    same('embeddedAndQuery', false, allow),
    { user: 'query', termsAccepted: false, standalone: to('/home'), framed: to('/home') },
    { user: 'owner', termsAccepted: false, standalone: to('/home'), framed: to('/home') },
    { user: 'upload', termsAccepted: false, standalone: to('/home'), framed: to('/home') },
    { user: 'noRoles', termsAccepted: false, standalone: to('/home'), framed: to('/home') },
  ]);
});

describe('decideRoute: the general guard runs before the route’s own', () => {
  const input = (user: UserName, termsAccepted = false, framed = false): GuardInput => ({
    user: users[user],
    termsAccepted,
    framed,
  });

  it('sends nobody to /auth on an owner route instead of /home', () => {
    expect(decideRoute('owner', input('nobody'))).toEqual(to('/auth'));
  });
  it('sends an embedded-only user without accepted terms to /terms from the embedded route', () => {
    expect(decideRoute('embedded', input('embeddedOnly'))).toEqual(to('/terms'));
  });
  it('applies the query guard once the general guard allows', () => {
    expect(decideRoute('query', input('upload'))).toEqual(to('/profile'));
    expect(decideRoute('query', input('upload', false, true))).toEqual(to('/home'));
  });
  it('lets /terms through for the embedded-only user the general guard sends there', () => {
    expect(decideRoute('terms', input('embeddedOnly'))).toEqual(allow);
  });
  it('asks nobody on /terms to sign in, and tells the parent when framed', () => {
    expect(decideRoute('terms', input('nobody'))).toEqual(to('/auth'));
    expect(decideRoute('terms', input('nobody', false, true))).toEqual(unauthorized);
  });
  it('sends a query user away from /terms to /home', () => {
    expect(decideRoute('terms', input('query'))).toEqual(to('/home'));
  });
  it('allows the general guard’s routes for any signed-in user', () => {
    expect(decideRoute('general', input('noRoles'))).toEqual(allow);
  });
});
