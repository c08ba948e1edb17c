import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../testing/renderRoute.tsx';
import { resetSession, session, setSignedIn } from '../session/sessionStore.ts';
import { ProfileScreen } from './ProfileScreen.tsx';

vi.mock('firebase/auth', async () => (await import('../../testing/firebaseAuthFake.ts')).firebaseAuthModule());
vi.mock('../../lib/firebase.ts', () => ({ firebaseAuth: () => ({ currentUser: null }) }));

const user = {
  id: 7,
  email: 'owner@acme.example',
  firebase_uid: 'seed-owner',
  name: 'Olivia Owner',
  org_id: 1,
  is_active: true,
  config: {},
  sign_in_method: 'standalone' as const,
};

describe('ProfileScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setSignedIn({
      user,
      roles: ['org_owner'],
      assignable_roles: [],
      organization: { id: 1, is_demo: false, name: 'Acme Acquiring' },
      embedded_terms_accepted: true,
      platform_permissions: [],
      impersonated_by: null,
    });
  });
  afterEach(() => {
    cleanup();
    resetSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the title, the breadcrumb with the email and both cards', () => {
    renderRoute(<ProfileScreen />, '/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Manage your Profile' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('owner@acme.example');
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
  });

  it('updates the name with PUT /api/auth/v1/user/{id} and the flip faces', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...user, name: 'Olivia Owens' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderRoute(<ProfileScreen />, '/profile');
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await events.clear(screen.getByLabelText('Name'));
    await events.type(screen.getByLabelText('Name'), 'Olivia Owens');
    await events.dblClick(screen.getByRole('button', { name: 'Update Name' }));
    expect(screen.getByRole('status').textContent).toBe('One sec...');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status').textContent).toBe('Saved!');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/auth/v1/user/7');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({ id: 7, email: 'owner@acme.example', name: 'Olivia Owens' });
    expect(session.current.status === 'signedIn' && session.current.user.name).toBe('Olivia Owens');
  });

  it('refuses an empty name without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRoute(<ProfileScreen />, '/profile');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Name' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
