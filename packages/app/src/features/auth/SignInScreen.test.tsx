import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSdk, sdk } from '../../testing/firebaseAuthFake.ts';
import { renderRoute } from '../../testing/renderRoute.tsx';
import { persistedIdentityKey } from '../session/persistedIdentity.ts';
import { readSessionCache, saveSessionCache } from '../session/sessionCache.ts';
import { resetSession, setSignedIn, setSignedOut } from '../session/sessionStore.ts';
import { SignInScreen } from './SignInScreen.tsx';

vi.mock('firebase/auth', async () => (await import('../../testing/firebaseAuthFake.ts')).firebaseAuthModule());
vi.mock('../../lib/firebase.ts', () => ({ firebaseAuth: () => ({ currentUser: { uid: 'signed-in-with-password' } }) }));

const cachedOwner = {
  user: {
    id: 7,
    email: 'owner@acme.example',
    firebase_uid: 'seed-owner',
    name: 'Olivia Owner',
    org_id: 1,
    is_active: true,
    config: {},
    sign_in_method: 'standalone' as const,
  },
  organization: { id: 1, is_demo: false, name: 'Acme Acquiring' },
  roles: ['query' as const],
  assignableRoles: [],
};

async function fillAndSubmit(email: string, { terms = true, password = 'Portal-demo-2026' } = {}) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (terms) await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('SignInScreen', () => {
  beforeEach(() => {
    resetSdk();
    localStorage.clear();
    sessionStorage.clear();
    // the identity project authorises this page's host (the one call here that is not the SDK's).
    vi.stubGlobal('fetch', async () =>
      Response.json({ projectId: 'demo-test', authorizedDomains: [location.hostname] }),
    );
  });
  afterEach(() => {
    cleanup();
    resetSession();
    vi.unstubAllGlobals();
  });

  it('shows every part of the sign-in form', () => {
    renderRoute(<SignInScreen />);
    expect(screen.getByRole('heading', { name: 'Sign in to PayPortal' })).toBeTruthy();
    expect(screen.getByText(/moving to a new platform/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Stay logged in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Request Credentials' }).getAttribute('href')).toMatch(
      /^mailto:support@payportal\.example\?/,
    );
    expect(screen.getByRole('progressbar', { name: 'Sign-in progress' }).getAttribute('aria-valuemax')).toBe('3');
  });

  it('lets a signed-out person read the Terms and Conditions from the sign-in page, staying on /auth (/terms would send them back here)', async () => {
    const { location } = renderRoute(<SignInScreen />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog.textContent).toContain('1. Acceptance');
    expect(location.history.at(-1)).toBe('/auth');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /I accept the Terms and Conditions/ })).toBeTruthy();
  });

  it('refuses sign-in on a host the identity project does not authorise, saying so, before anything is sent', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      async (url: string) => (
        asked.push(url),
        Response.json({ projectId: 'demo-test', authorizedDomains: ['portal.example'] })
      ),
    );
    renderRoute(<SignInScreen />);
    await fillAndSubmit('owner@acme.example');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This web address is not authorised for PayPortal sign-in. Please open PayPortal at its usual address or contact support.',
    );
    expect(asked).toEqual(['https://identitytoolkit.googleapis.com/v1/projects?key=test-key']);
    expect(sdk.signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('applies the password show/hide toggle 1 s after load, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderRoute(<SignInScreen />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      const toggle = screen.getByRole('button', { name: 'Show password' });
      await act(() => vi.advanceTimersByTimeAsync(999));
      expect(toggle.hasAttribute('disabled')).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(toggle.hasAttribute('disabled')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the email from the field itself, as a password manager fills it without typing', async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValueOnce({ code: 'auth/wrong-password' });
    renderRoute(<SignInScreen />);
    // Autofill sets the value without the key and input events React would see.
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'autofilled@acme.example';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'Portal-demo-2026';
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(
        expect.anything(),
        'autofilled@acme.example',
        'Portal-demo-2026',
      ),
    );
  });

  it('shows the sign-in progress steps: -1 idle, 1 while working, -1 again when the error shows', async () => {
    let fail!: (reason: unknown) => void;
    sdk.signInWithEmailAndPassword.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    renderRoute(<SignInScreen />);
    const progress = () => screen.getByRole('progressbar', { name: 'Sign-in progress' });
    expect([progress().getAttribute('aria-valuenow'), progress().getAttribute('aria-valuetext')]).toEqual([
      '0',
      'Waiting',
    ]);
    await fillAndSubmit('owner@acme.example');
    await waitFor(() =>
      expect([progress().getAttribute('aria-valuenow'), progress().getAttribute('aria-valuetext')]).toEqual([
        '2',
        'Working',
      ]),
    );
    fail({ code: 'auth/wrong-password' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password is not correct.'));
    expect([progress().getAttribute('aria-valuenow'), progress().getAttribute('aria-valuetext')]).toEqual([
      '0',
      'Waiting',
    ]);
  });

  it('asks for the terms before anything is sent', async () => {
    renderRoute(<SignInScreen />);
    await fillAndSubmit('owner@acme.example', { terms: false });
    expect(screen.getByRole('alert').textContent).toBe('Please accept the Terms and Conditions');
    expect(sdk.signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('refuses empty fields and over-long addresses with field messages, sending nothing', async () => {
    renderRoute(<SignInScreen />);
    await fillAndSubmit('', { password: '' });
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), `${'a'.repeat(65)}@acme.example`);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('The part before @ must be at most 64 characters')).toBeTruthy();
    expect(sdk.signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('shows the catalogue text for a wrong password and ends the half-made session', async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValueOnce({ code: 'auth/wrong-password' });
    renderRoute(<SignInScreen />);
    await fillAndSubmit('owner@acme.example');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password is not correct.'));
    expect(sdk.signOut).toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: 'Sign-in progress' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('uses session-only persistence unless "Stay logged in" is checked', async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValue({ code: 'auth/invalid-credential' });
    renderRoute(<SignInScreen />);
    const user = await fillAndSubmit('owner@acme.example');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Email or password is not correct.'));
    expect(sdk.setPersistence).toHaveBeenLastCalledWith(expect.anything(), { type: 'SESSION' });
    await user.click(screen.getByRole('checkbox', { name: 'Stay logged in' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(sdk.setPersistence).toHaveBeenLastCalledWith(expect.anything(), { type: 'LOCAL' }));
  });

  it('sends one request when Sign In is double-clicked', async () => {
    let finish: (value: unknown) => void = () => undefined;
    sdk.signInWithEmailAndPassword.mockReturnValueOnce(new Promise((_, reject) => (finish = reject)));
    renderRoute(<SignInScreen />);
    const user = await fillAndSubmit('owner@acme.example');
    await user.dblClick(screen.getByRole('button', { name: 'Sign In' }));
    expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledTimes(1);
    finish({ code: 'auth/user-disabled' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('User account has been disabled.'));
  });

  it('blocks a second account while another is stored (multiple_sessions)', async () => {
    saveSessionCache(cachedOwner);
    renderRoute(<SignInScreen />);
    await fillAndSubmit('analyst@acme.example');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Multiple sessions detected. Please try logging in again'),
    );
    expect(sdk.signInWithEmailAndPassword).not.toHaveBeenCalled();
    expect(readSessionCache()).toBeNull();
  });

  it('refuses an unverified email (EMAIL_NOT_VERIFIED)', async () => {
    sdk.signInWithEmailAndPassword.mockResolvedValueOnce({ user: { emailVerified: false } });
    renderRoute(<SignInScreen />);
    await fillAndSubmit('unverified@acme.example');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please check your email for a verification link.'),
    );
  });

  it('switches to the two-factor step, names the last four digits, and refuses a code with letters', async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValueOnce({ code: 'auth/multi-factor-auth-required' });
    const resolver = {
      hints: [{ factorId: 'phone', phoneNumber: '+1******0123' }],
      session: {},
      resolveSignIn: sdk.resolveSignIn,
    };
    sdk.getMultiFactorResolver.mockReturnValueOnce(resolver);
    renderRoute(<SignInScreen />);
    const user = await fillAndSubmit('mfa@acme.example');
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('A code has been sent to the phone number ending in 0123.')).toBeTruthy(),
    );
    expect(screen.getByLabelText('Authentication Code').getAttribute('placeholder')).toBe('Code');
    await user.type(screen.getByLabelText('Authentication Code'), '12ab56{Enter}');
    expect(screen.getByText('The code is the digits from the text message')).toBeTruthy();
    expect(sdk.resolveSignIn).not.toHaveBeenCalled();

    sdk.resolveSignIn.mockRejectedValueOnce({ code: 'auth/invalid-verification-code' });
    await user.clear(screen.getByLabelText('Authentication Code'));
    await user.type(screen.getByLabelText('Authentication Code'), '123456{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid verification code'));
    expect(sdk.verifyPhoneNumber).toHaveBeenCalledTimes(1);
    // a failed two-factor submit ends on step 2 with the error shown.
    expect(screen.getByRole('progressbar', { name: 'Two-factor progress' }).getAttribute('aria-valuetext')).toBe(
      'Finished',
    );
  });

  it('asks a user without a factor from an outside address to register a phone', async () => {
    sdk.signInWithEmailAndPassword.mockResolvedValueOnce({ user: { emailVerified: true } });
    renderRoute(<SignInScreen />);
    const user = await fillAndSubmit('analyst@acme.example');
    const country = await screen.findByRole('combobox', { name: 'Country code' });
    expect((country as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('United States (+1)');
    expect(screen.getAllByRole('option')).toHaveLength(11);
    await user.type(screen.getByLabelText('Phone number'), '650-555-01');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('65055501');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Phone registration progress' }).getAttribute('aria-valuetext'),
    ).toBe('Waiting');
    let sent!: (verificationId: string) => void;
    sdk.verifyPhoneNumber.mockReturnValueOnce(new Promise((resolve) => (sent = resolve)));
    await user.type(screen.getByLabelText('Phone number'), '99');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    // phone registration: step 1 while sending, then the code entry (step 2 done).
    await waitFor(() =>
      expect(
        screen.getByRole('progressbar', { name: 'Phone registration progress' }).getAttribute('aria-valuetext'),
      ).toBe('Working'),
    );
    sent('verification-id');
    expect(await screen.findByText('A code has been sent to the phone number ending in 0199.')).toBeTruthy();
  });

  it('signs out on ?logout=true and then offers the form at /auth', async () => {
    saveSessionCache(cachedOwner);
    const { location } = renderRoute(<SignInScreen />, '/auth?logout=true');
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
    expect(readSessionCache()).toBeNull();
    expect(location.history.at(-1)).toBe('/auth');
  });

  it('sends a signed-in user home', () => {
    signInOwner();
    const { location } = renderRoute(<SignInScreen />, '/auth');
    expect(location.history.at(-1)).toBe('/home');
  });

  it('shows a new visitor the form while the session is still starting, and sends them home if one turns up', async () => {
    const { location } = renderRoute(<SignInScreen />, '/auth');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    act(signInOwner);
    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
  });

  it('draws no form while a persisted identity is restored, and sends the signed-in user home', async () => {
    localStorage.setItem(persistedIdentityKey('test-key'), '{"uid":"seed-owner"}');
    const { location } = renderRoute(<SignInScreen />, '/auth');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
    act(signInOwner);
    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
  });

  it('shows the form once a persisted identity turns out to be signed out (this tab only: session storage)', async () => {
    sessionStorage.setItem(persistedIdentityKey('test-key'), '{"uid":"seed-owner"}');
    const { location } = renderRoute(<SignInScreen />, '/auth');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    act(() => setSignedOut('session_expired'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/auth');
  });
});

function signInOwner() {
  setSignedIn({
    user: { ...cachedOwner.user },
    roles: ['query'],
    assignable_roles: [],
    organization: cachedOwner.organization,
    embedded_terms_accepted: true,
    platform_permissions: [],
    impersonated_by: null,
  });
}
