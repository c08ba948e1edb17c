import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSdk, sdk } from '../../testing/firebaseAuthFake.ts';
import { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';
import { renderRoute } from '../../testing/renderRoute.tsx';

vi.mock('firebase/auth', async () => (await import('../../testing/firebaseAuthFake.ts')).firebaseAuthModule());
vi.mock('../../lib/firebase.ts', () => ({ firebaseAuth: () => ({}) }));

describe('ForgotPasswordScreen', () => {
  beforeEach(resetSdk);
  afterEach(cleanup);

  it('requires a valid email before sending', async () => {
    renderRoute(<ForgotPasswordScreen />, '/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send Password Reset Email' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(sdk.sendPasswordResetEmail).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth');
  });

  it.each([
    ['succeeds', () => Promise.resolve()],
    ['fails', () => Promise.reject({ code: 'auth/user-not-found' })],
  ])('shows "You\'re almost done" when the request %s', async (_, outcome) => {
    sdk.sendPasswordResetEmail.mockImplementationOnce(outcome as () => Promise<undefined>);
    renderRoute(<ForgotPasswordScreen />, '/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'someone@acme.example{Enter}');
    expect(await screen.findByRole('heading', { name: "You're almost done" })).toBeTruthy();
    expect(sdk.sendPasswordResetEmail).toHaveBeenCalledWith(expect.anything(), 'someone@acme.example');
  });
});
