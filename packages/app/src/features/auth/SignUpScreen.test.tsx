import { encodeSignUpHash } from '@payportal/shared/identity';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSdk, sdk } from '../../testing/firebaseAuthFake.ts';
import { renderRoute } from '../../testing/renderRoute.tsx';
import { SignUpScreen } from './SignUpScreen.tsx';

vi.mock('firebase/auth', async () => (await import('../../testing/firebaseAuthFake.ts')).firebaseAuthModule());
vi.mock('../../lib/firebase.ts', () => ({ firebaseAuth: () => ({}) }));
const acceptInvite = vi.fn(async (_identity: unknown, _invite: string) => undefined);
vi.mock('./acceptInviteApi.ts', () => ({
  acceptInvite: (identity: unknown, invite: string) => acceptInvite(identity, invite),
}));

const invite = 'Q2hhbmdlLW1lLXRoaXMtaXMtbm90LWEtcmVhbC1zZWM';
const hash = encodeSignUpHash({ email: 'new.user@acme.example', name: 'Nia New', invite });

describe('SignUpScreen', () => {
  beforeEach(() => {
    resetSdk();
    acceptInvite.mockClear();
  });
  afterEach(cleanup);

  it('shows a clear error screen for a malformed hash', () => {
    renderRoute(<SignUpScreen hash="not-a-valid-hash%%" />, '/sign-up/x');
    expect(screen.getByRole('heading', { name: 'This sign-up link is not valid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
  });

  it('prefills email and name read-only and keeps Sign Up disabled until the password rules hold', async () => {
    renderRoute(<SignUpScreen hash={hash} />, `/sign-up/${hash}`);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('new.user@acme.example');
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText('Use at least 10 characters. Both passwords must match.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByText('Password must be at least 10 characters')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), '-enough-now');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'short-enough-not');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'short-enough-now');
    expect(submit.disabled).toBe(false);
  });

  it('creates the account, accepts the invitation with it, sends the verification email and says "You\'re almost done"', async () => {
    const user = { email: 'new.user@acme.example' };
    sdk.createUserWithEmailAndPassword.mockResolvedValueOnce({ user });
    renderRoute(<SignUpScreen hash={hash} />, `/sign-up/${hash}`);
    await userEvent.type(screen.getByLabelText('Password'), 'Portal-demo-2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Portal-demo-2026');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: "You're almost done" })).toBeTruthy();
    expect(sdk.createUserWithEmailAndPassword).toHaveBeenCalledTimes(1);
    expect(acceptInvite).toHaveBeenCalledWith(user, invite);
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(user);
    expect(sdk.deleteUser).not.toHaveBeenCalled();
    expect(sdk.signOut).toHaveBeenCalled();
  });

  it('shows the catalogue text when the account exists', async () => {
    sdk.createUserWithEmailAndPassword.mockRejectedValueOnce({ code: 'auth/email-already-in-use' });
    renderRoute(<SignUpScreen hash={hash} />, `/sign-up/${hash}`);
    await userEvent.type(screen.getByLabelText('Password'), 'Portal-demo-2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Portal-demo-2026{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Account already exists.'));
  });

  it('removes the new account when the invitation is refused, and says the link cannot be used', async () => {
    const user = { email: 'new.user@acme.example' };
    sdk.createUserWithEmailAndPassword.mockResolvedValueOnce({ user });
    acceptInvite.mockRejectedValueOnce(Object.assign(new Error('refused'), { code: 'api/invite-refused' }));
    renderRoute(<SignUpScreen hash={hash} />, `/sign-up/${hash}`);
    await userEvent.type(screen.getByLabelText('Password'), 'Portal-demo-2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Portal-demo-2026{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This invitation link cannot be used. Please ask your administrator for a new invitation link.',
      ),
    );
    expect(sdk.deleteUser).toHaveBeenCalledWith(user);
    expect(sdk.sendEmailVerification).not.toHaveBeenCalled();
    expect(sdk.signOut).toHaveBeenCalled();
  });
});
