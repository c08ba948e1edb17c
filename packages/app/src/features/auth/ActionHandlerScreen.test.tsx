import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionHandlerScreen } from './ActionHandlerScreen.tsx';
import { resetSdk, sdk } from '../../testing/firebaseAuthFake.ts';
import { renderRoute } from '../../testing/renderRoute.tsx';

vi.mock('firebase/auth', async () => (await import('../../testing/firebaseAuthFake.ts')).firebaseAuthModule());
vi.mock('../../lib/firebase.ts', () => ({ firebaseAuth: () => ({}) }));

const open = (query: string) => renderRoute(<ActionHandlerScreen />, `/usermgmt/action?${query}`);

describe('ActionHandlerScreen', () => {
  beforeEach(resetSdk);
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('verifies the email, says so, and goes to /auth after 5 seconds', async () => {
    // Only the screen's timer is fake, and time moves only when the test says so: the 5 s are asserted.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { location } = open('mode=verifyEmail&oobCode=abc');
    await act(() => vi.advanceTimersByTimeAsync(0)); // the identity call answers; no time passes
    expect(screen.getByRole('heading', { name: 'Your email has been verified' })).toBeTruthy();
    expect(sdk.applyActionCode).toHaveBeenCalledWith(expect.anything(), 'abc');
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(location.history.at(-1)).toBe('/usermgmt/action?mode=verifyEmail&oobCode=abc');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(location.history.at(-1)).toBe('/auth');
  });

  it('removes the second factor and says "2-Step Verification has been removed"', async () => {
    open('mode=revertSecondFactorAddition&oobCode=abc');
    expect(await screen.findByRole('heading', { name: '2-Step Verification has been removed' })).toBeTruthy();
    expect(sdk.checkActionCode).toHaveBeenCalled();
    expect(sdk.applyActionCode).toHaveBeenCalledTimes(1);
  });

  it('shows the change-password card for a valid reset code', async () => {
    open('mode=resetPassword&oobCode=abc');
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
    expect(sdk.verifyPasswordResetCode).toHaveBeenCalledWith(expect.anything(), 'abc');
  });

  it('shows the failure screen with Return to Login when the code is refused', async () => {
    sdk.applyActionCode.mockRejectedValueOnce({ code: 'auth/invalid-action-code' });
    open('mode=verifyEmail&oobCode=used');
    expect(await screen.findByRole('heading', { name: 'Uh oh! Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Please contact support if problems continue.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Login' }).getAttribute('href')).toBe('/auth');
  });

  it.each(['mode=signIn&oobCode=abc', 'mode=verifyEmail', ''])(
    'sends any other request (%s) to /auth without calling the service',
    (query) => {
      const { location } = open(query);
      expect(location.history.at(-1)).toBe('/auth');
      expect(sdk.applyActionCode).not.toHaveBeenCalled();
    },
  );
});
