import type { ManagedUser, PartnerView } from '@payportal/shared/identity';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { managedUser } from './managedUser.ts';
import { PartnerBinding } from './PartnerBinding.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const partner = (id: number, name: string, revoked_at: string | null = null): PartnerView => ({
  id,
  issuer: `https://${name.toLowerCase()}.example`,
  name,
  allowed_origins: [`https://${name.toLowerCase()}.example`],
  roles: ['query'],
  provision_users: false,
  nodes: [],
  revoked_at,
  created_at: '2026-11-20T10:00:00.000Z',
  jwks_url: null,
  keys: [],
  origins_outside_framing: [],
});
const partners = [partner(7, 'Northwind'), partner(8, 'Contoso', '2026-11-27T00:00:00.000Z')];
const partnersPath = 'GET /api/auth/v1/organization/2/partners/';
const bindingPath = 'PUT /api/auth/v1/organization/2/users/5/partner';

describe('PartnerBinding (orgId, user; raises saved)', () => {
  it('offers the partners that are not revoked and binds the user to the chosen one', async () => {
    const user = managedUser(5) as ManagedUser;
    const sent = answerApi({
      [partnersPath]: () => ({ body: partners }),
      [bindingPath]: ({ body }) => ({ body: { ...user, ...(body as object), sign_in_method: 'partner' } }),
    });
    const onSaved = vi.fn();
    render(<PartnerBinding orgId={2} user={user} onSaved={onSaved} />);

    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Signs in through partner' });
    const names = [...select.options].map((option) => option.textContent);
    expect(names).toEqual(['No partner (PayPortal sign-in)', 'Northwind']);
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save partner' });
    expect(save.disabled).toBe(true);
    await userEvent.selectOptions(select, 'Northwind');
    await userEvent.click(save);

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 5, partner_id: 7 })));
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ partner_id: 7 });
  });

  it('unbinds a bound user', async () => {
    const user = managedUser(5, { partner_id: 7, sign_in_method: 'partner' }) as ManagedUser;
    const sent = answerApi({
      [partnersPath]: () => ({ body: partners }),
      [bindingPath]: () => ({ body: { ...user, partner_id: null, sign_in_method: 'standalone' } }),
    });
    const onSaved = vi.fn();
    render(<PartnerBinding orgId={2} user={user} onSaved={onSaved} />);

    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Signs in through partner' });
    expect(select.value).toBe('7');
    await userEvent.selectOptions(select, 'No partner (PayPortal sign-in)');
    await userEvent.click(screen.getByRole('button', { name: 'Save partner' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ partner_id: null })));
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ partner_id: null });
  });

  it('shows the API refusal as it answers (a partner revoked since the list was read)', async () => {
    answerApi({
      [partnersPath]: () => ({ body: partners }),
      [bindingPath]: () => ({
        status: 409,
        body: { error: { code: 'api/conflict', message: 'This partner is revoked: it can no longer open sessions.' } },
      }),
    });
    const onSaved = vi.fn();
    render(<PartnerBinding orgId={2} user={managedUser(5) as ManagedUser} onSaved={onSaved} />);

    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Signs in through partner' }),
      'Northwind',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save partner' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This partner is revoked: it can no longer open sessions.',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('offers no partner for an owner', async () => {
    const sent = answerApi({ [partnersPath]: () => ({ body: partners }) });
    const owner = managedUser(5, { roles: ['org_owner'] }) as ManagedUser;
    render(<PartnerBinding orgId={2} user={owner} onSaved={() => {}} />);

    expect(
      screen.getByText('An owner cannot sign in through a partner: no partner is offered for this user.'),
    ).toBeTruthy();
    await vi.waitFor(() => expect(sent.some((request) => request.path.endsWith('/partners/'))).toBe(true));
    expect(screen.queryByRole('combobox', { name: 'Signs in through partner' })).toBeNull();
  });
});
