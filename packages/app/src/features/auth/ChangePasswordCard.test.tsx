import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { resetSdk, sdk } from '../../testing/firebaseAuthFake.ts';
import { renderRoute } from '../../testing/renderRoute.tsx';

vi.mock('firebase/auth', async () => (await import('../../testing/firebaseAuthFake.ts')).firebaseAuthModule());
vi.mock('../../lib/firebase.ts', () => ({ firebaseAuth: () => ({ currentUser: { uid: 'u1' } }) }));

async function choose(password: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), password);
  await user.dblClick(screen.getByRole('button', { name: /Password$/ }));
}

describe('ChangePasswordCard', () => {
  beforeEach(() => {
    resetSdk();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('flips to "One sec...", then "Saved!", then back to the form', async () => {
    renderRoute(<ChangePasswordCard />, '/profile');
    await choose('A-new-password-1');
    expect(screen.getByRole('status').textContent).toBe('One sec...');
    expect(sdk.updatePassword).toHaveBeenCalledTimes(1);
    expect(sdk.updatePassword).toHaveBeenCalledWith({ uid: 'u1' }, 'A-new-password-1');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status').textContent).toBe('Saved!');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe('');
  });

  it('shows "Uh Oh! Something went wrong." with "Error: " and the catalogue text on failure', async () => {
    sdk.updatePassword.mockRejectedValueOnce({ code: 'auth/requires-recent-login' });
    renderRoute(<ChangePasswordCard />, '/profile');
    await choose('A-new-password-1');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('heading', { name: 'Uh Oh! Something went wrong.' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Error: Recent login required. Please logout and log back in.');
  });

  it('in reset mode confirms the code and goes to /auth after saving', async () => {
    const { location } = renderRoute(<ChangePasswordCard oobCode="reset-code" reset />, '/usermgmt/action');
    await choose('A-new-password-1');
    expect(sdk.confirmPasswordReset).toHaveBeenCalledWith(expect.anything(), 'reset-code', 'A-new-password-1');
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(location.history.at(-1)).toBe('/auth');
  });
});
