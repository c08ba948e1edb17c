import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encodeSignUpHash, type ManagedUser } from '@payportal/shared/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserCard } from './UserCard.tsx';
import { answerApi } from '../../testing/answerApi.ts';
import { managedUser } from './managedUser.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = managedUser(5, { name: 'Max Factor', roles: ['query'] }) as ManagedUser;
const base = '/api/auth/v1/organization/2/users/5';

describe('UserCard (assignableRoles, orgId, user; raises userDeactivated)', () => {
  it('raises userDeactivated once the API has deactivated the user', async () => {
    const sent = answerApi({
      [`PUT ${base}/active`]: ({ body }) => ({
        body: { ...user, is_active: (body as { is_active: boolean }).is_active },
      }),
      'GET /api/auth/v1/organization/2/user-changes/': () => ({ body: [] }),
    });
    const onUserDeactivated = vi.fn();
    render(
      <UserCard
        assignableRoles={['query', 'upload']}
        orgId={2}
        user={user}
        onUserDeactivated={onUserDeactivated}
        onUserChanged={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate user' }));

    await vi.waitFor(() =>
      expect(onUserDeactivated).toHaveBeenCalledWith(expect.objectContaining({ id: 5, is_active: false })),
    );
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ is_active: false });
  });

  it('saves only changed roles and shows a refusal from the API', async () => {
    const sent = answerApi({
      [`PUT ${base}/roles`]: () => ({
        status: 409,
        body: { error: { code: 'api/conflict', message: 'The organization needs at least one active owner.' } },
      }),
      'GET /api/auth/v1/organization/2/user-changes/': () => ({ body: [] }),
    });
    render(
      <UserCard
        assignableRoles={['query', 'upload']}
        orgId={2}
        user={user}
        onUserDeactivated={() => {}}
        onUserChanged={() => {}}
      />,
    );
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save roles' });
    expect(save.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Upload' }));
    await userEvent.click(save);

    expect((await screen.findByRole('alert')).textContent).toBe('The organization needs at least one active owner.');
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ roles: ['query', 'upload'] });
  });

  it('resets the second factor only after the owner confirms', async () => {
    const sent = answerApi({
      [`DELETE ${base}/second-factors`]: () => ({ body: { ...user, second_factor_enrolled: false } }),
      'GET /api/auth/v1/organization/2/user-changes/': () => ({ body: [] }),
    });
    const onUserChanged = vi.fn();
    render(
      <UserCard
        assignableRoles={['query']}
        orgId={2}
        user={user}
        onUserDeactivated={() => {}}
        onUserChanged={onUserChanged}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset second factor' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reset second factor' }));

    await vi.waitFor(() =>
      expect(onUserChanged).toHaveBeenCalledWith(expect.objectContaining({ second_factor_enrolled: false })),
    );
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('lets the owner choose who signs the user in, and sends only that', async () => {
    const sent = answerApi({
      [`PUT ${base}/sign-in-method`]: ({ body }) => ({ body: { ...user, ...(body as object) } }),
      'GET /api/auth/v1/organization/2/user-changes/': () => ({ body: [] }),
    });
    const onUserChanged = vi.fn();
    render(
      <UserCard
        assignableRoles={['query']}
        orgId={2}
        user={user}
        onUserDeactivated={() => {}}
        onUserChanged={onUserChanged}
      />,
    );
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save sign-in' });
    expect(save.disabled).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Signs in with' }), 'Partner portal (framed)');
    await userEvent.click(save);

    await vi.waitFor(() =>
      expect(onUserChanged).toHaveBeenCalledWith(expect.objectContaining({ sign_in_method: 'partner' })),
    );
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ sign_in_method: 'partner' });
  });

  it('makes a new sign-up link for a user who has not signed up, instead of showing the earlier one', async () => {
    const invitee = managedUser(5, {
      name: 'Ivy Invitee',
      signed_up: false,
      second_factor_enrolled: false,
    }) as ManagedUser;
    const signUpPath = `/sign-up/${encodeSignUpHash({ email: invitee.email, name: invitee.name, invite: 'Q2hhbmdlLW1lLXRoaXMtaXMtbm90LWEtcmVhbC1zZWM' })}`;
    const sent = answerApi({
      [`POST ${base}/invite-link`]: () => ({ body: { user: invitee, signUpPath } }),
      'GET /api/auth/v1/organization/2/user-changes/': () => ({ body: [] }),
    });
    render(
      <UserCard
        assignableRoles={['query']}
        orgId={2}
        user={invitee}
        onUserDeactivated={() => {}}
        onUserChanged={() => {}}
      />,
    );
    expect(screen.queryByRole('textbox', { name: 'Sign-up link' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'New sign-up link' }));

    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Sign-up link' });
    expect(new URL(link.value).pathname).toBe(signUpPath);
    expect(screen.getByText(/Earlier links for this user no longer work/)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('offers no sign-up link for a user who has signed up', () => {
    answerApi({ 'GET /api/auth/v1/organization/2/user-changes/': () => ({ body: [] }) });
    render(
      <UserCard
        assignableRoles={['query']}
        orgId={2}
        user={user}
        onUserDeactivated={() => {}}
        onUserChanged={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'New sign-up link' })).toBeNull();
  });
});
