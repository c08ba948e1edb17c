import type { AuthenticateResponse } from '@payportal/shared/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../lib/tokenSource.ts';
import { answerApi } from '../../testing/answerApi.ts';
import { authenticateAnswer } from '../../testing/authenticateAnswer.ts';
import { resetSession, session } from '../session/sessionStore.ts';
import { signInFramed } from './signInFramed.ts';

const answerFor = (email: string, embedded: boolean): AuthenticateResponse =>
  authenticateAnswer({
    user: { email, firebase_uid: `uid-${email}`, name: email, sign_in_method: 'partner' },
    roles: embedded ? ['revenue_optimizer'] : ['query'],
    assignable_roles: [],
  });

afterEach(() => {
  resetSession();
  setTokenSource(null);
  vi.unstubAllGlobals();
});

describe('signInFramed (framed mode)', () => {
  it('keeps the user the host switched to when the earlier sign-in answers last', async () => {
    let token = 'first-user-token';
    setTokenSource({ getToken: async () => token });
    let releaseFirst: (answer: { body: AuthenticateResponse }) => void = () => {};
    const firstAnswer = new Promise<{ body: AuthenticateResponse }>((resolve) => (releaseFirst = resolve));
    const sent = answerApi({
      'POST /api/auth/v1/authenticate/': () =>
        sent.length === 1 ? firstAnswer : { body: answerFor('second@acme.example', true) },
    });
    const first = signInFramed({ email: 'first@acme.example', name: 'First', impersonation: false });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    token = 'second-user-token';
    await signInFramed({ email: 'second@acme.example', name: 'Second', impersonation: false });
    releaseFirst({ body: answerFor('first@acme.example', false) });
    await first;

    expect(session.current).toMatchObject({ status: 'signedIn', user: { email: 'second@acme.example' } });
  });
});
