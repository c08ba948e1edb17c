import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeSignUpHash, encodeSignUpHash } from '@payportal/shared/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteDialog } from './InviteDialog.tsx';
import { answerApi } from '../../testing/answerApi.ts';
import { managedUser } from './managedUser.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invite = 'Q2hhbmdlLW1lLXRoaXMtaXMtbm90LWEtcmVhbC1zZWM';

const fill = async (name: string, email: string, roles: string[]) => {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  for (const role of roles) await userEvent.click(screen.getByRole('checkbox', { name: role }));
  await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
};

describe('InviteDialog', () => {
  it('sends name, e-mail and roles, then shows the sign-up link to copy', async () => {
    const sent = answerApi({
      'POST /api/auth/v1/organization/7/users/': ({ body }) => {
        const { email, name } = body as { email: string; name: string };
        const hash = encodeSignUpHash({ email, name, invite });
        return {
          status: 201,
          body: { user: managedUser(12, { email, name, signed_up: false }), signUpPath: `/sign-up/${hash}` },
        };
      },
    });
    const onInvited = vi.fn();
    render(<InviteDialog orgId={7} assignableRoles={['query', 'upload']} onInvited={onInvited} onClose={() => {}} />);
    await fill('Nia New', 'nia@acme.example', ['Query']);

    expect(sent[0]?.body).toEqual({ name: 'Nia New', email: 'nia@acme.example', roles: ['query'] });
    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Sign-up link' });
    const url = new URL(link.value);
    expect(url.pathname).toMatch(/^\/sign-up\//);
    expect(decodeSignUpHash(url.pathname.split('/')[2]!)).toEqual({
      email: 'nia@acme.example',
      name: 'Nia New',
      invite,
    });
    expect(onInvited).toHaveBeenCalledOnce();
  });

  it('shows the API refusal for an address already in use and keeps what was typed', async () => {
    answerApi({
      'POST /api/auth/v1/organization/7/users/': () => ({
        status: 409,
        body: { error: { code: 'api/conflict', message: 'Account already exists.' } },
      }),
    });
    render(<InviteDialog orgId={7} assignableRoles={['query']} onInvited={() => {}} onClose={() => {}} />);
    await fill('Olivia Again', 'owner@acme.example', []);

    expect((await screen.findByRole('alert')).textContent).toBe('Account already exists.');
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('owner@acme.example');
  });

  it('does not call the API for an invalid address', async () => {
    const sent = answerApi({});
    render(<InviteDialog orgId={7} assignableRoles={['query']} onInvited={() => {}} onClose={() => {}} />);
    await fill('Bad Address', 'not-an-address', []);

    expect(screen.getByRole('alert').textContent).toBe('E-mail must be a valid e-mail address.');
    expect(sent).toHaveLength(0);
  });
});
