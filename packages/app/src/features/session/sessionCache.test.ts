import { afterEach, describe, expect, it } from 'vitest';
import { authenticateAnswer } from '../../testing/authenticateAnswer.ts';
import { readSessionCache } from './sessionCache.ts';
import { resetSession, setFramed, setSignedIn, setSignedOut } from './sessionStore.ts';

const answer = authenticateAnswer();

afterEach(() => {
  resetSession();
  localStorage.clear();
});

describe('the session cache in local storage', () => {
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
