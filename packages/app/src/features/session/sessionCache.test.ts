import type { AuthenticateResponse } from '@payportal/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { readSessionCache } from './sessionCache.ts';
import { resetSession, setFramed, setSignedIn, setSignedOut } from './sessionStore.ts';

const answer: AuthenticateResponse = {
  user: { id: 7, email: 'owner@acme.example', firebase_uid: 'seed-owner', name: 'Olivia Owner', org_id: 1, is_active: true, config: {}, sign_in_method: 'standalone' as const },
  previous_last_logged_in: null,
  roles: ['org_owner', 'query'],
  assignable_roles: ['query', 'upload'],
  organization: { id: 1, is_demo: false, name: 'Acme Acquiring' },
  embedded_terms_accepted: false,
  platform_permissions: [],
  impersonated_by: null,
};

afterEach(() => {
  resetSession();
  localStorage.clear();
});

describe('the session cache in local storage (spec §3)', () => {
  it('keeps the user with the assignable roles and the organisation after a standalone sign-in', () => {
    setSignedIn(answer);
    expect(readSessionCache()).toEqual({
      user: answer.user,
      organization: answer.organization,
      roles: ['org_owner', 'query'],
      assignableRoles: ['query', 'upload'],
    });
  });

  it('is cleared on sign-out', () => {
    setSignedIn(answer);
    setSignedOut();
    expect(readSessionCache()).toBeNull();
  });

  it('is never written when framed (the frame keeps its session in memory)', () => {
    setFramed(true);
    setSignedIn(answer);
    expect(readSessionCache()).toBeNull();
  });

  it('reads a tampered or foreign entry as no session', () => {
    localStorage.setItem('payportal.session', '{"user":{"id":"x"}}');
    expect(readSessionCache()).toBeNull();
    localStorage.setItem('payportal.session', 'not json');
    expect(readSessionCache()).toBeNull();
  });
});
