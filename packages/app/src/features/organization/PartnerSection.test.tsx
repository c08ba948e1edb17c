import type { Partner } from '@payportal/shared/identity';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { PartnerSection } from './PartnerSection.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PEM = '-----BEGIN PUBLIC KEY-----\nMFkw…\n-----END PUBLIC KEY-----';
const northwind: Partner = {
  id: 1,
  issuer: 'ptn_northwind',
  name: 'Northwind',
  allowed_origins: ['https://northwind.example'],
  roles: ['query'],
  provision_users: true,
  revoked_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  keys: [
    { kid: 'nw-1', alg: 'ES256', added_at: '2026-11-01T00:00:00.000Z', retired_at: null },
    { kid: 'nw-2', alg: 'ES256', added_at: '2026-11-20T00:00:00.000Z', retired_at: null },
  ],
};
const base = '/api/auth/v1/organization/3/partners/';

describe('PartnerSection', () => {
  it('lists the partners with their keys, and registers one with the roles, origins and key the owner gave', async () => {
    const sent = answerApi({
      [`GET ${base}`]: () => ({ body: [northwind] }),
      [`POST ${base}`]: ({ body }) => ({
        status: 201,
        body: {
          ...northwind,
          ...(body as object),
          id: 2,
          issuer: 'ptn_new',
          keys: [{ kid: 'k1', alg: 'ES256', added_at: northwind.created_at, retired_at: null }],
        },
      }),
    });
    render(<PartnerSection orgId={3} assignableRoles={['query', 'upload']} />);
    const listed = await screen.findByRole('article', { name: 'Northwind' });
    expect(within(listed).getByText(/Issuer/).textContent).toContain('ptn_northwind');
    expect(
      within(within(listed).getByRole('list', { name: 'Keys of Northwind' })).getAllByRole('listitem'),
    ).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Register partner' }));
    const form = screen.getByRole('form', { name: 'Register partner' });
    await userEvent.type(within(form).getByLabelText('Partner name'), 'Contoso');
    await userEvent.type(
      within(form).getByLabelText('Allowed origins'),
      'https://contoso.example, https://app.contoso.example',
    );
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Query' }));
    expect((within(form).getByRole('checkbox', { name: 'Owner' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.type(within(form).getByLabelText('Key id (kid)'), 'k1');
    await userEvent.click(within(form).getByLabelText('Public key (PEM)'));
    await userEvent.paste(PEM);
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('article', { name: 'Contoso' })).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Contoso',
      allowed_origins: ['https://contoso.example', 'https://app.contoso.example'],
      roles: ['query'],
      provision_users: false,
      key: { kid: 'k1', pem: PEM },
    });
  });

  it('retires a key and revokes a partner with the answers in place, and shows a refusal', async () => {
    const sent = answerApi({
      [`GET ${base}`]: () => ({ body: [northwind] }),
      [`DELETE ${base}1/keys/nw-1`]: () => ({
        body: {
          ...northwind,
          keys: [{ ...northwind.keys[0]!, retired_at: '2026-11-27T00:00:00.000Z' }, northwind.keys[1]!],
        },
      }),
      [`POST ${base}1/keys`]: () => ({
        status: 409,
        body: {
          error: { code: 'api/conflict', message: 'A partner has at most 2 active keys: retire one (nw-2) first.' },
        },
      }),
      [`POST ${base}1/revoke`]: () => ({ body: { ...northwind, revoked_at: '2026-11-27T00:00:00.000Z' } }),
    });
    render(<PartnerSection orgId={3} assignableRoles={['query']} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retire key nw-1' }));
    expect(await screen.findByText(/· retired/)).toBeTruthy();

    const keyForm = screen.getByRole('form', { name: 'Add a key to Northwind' });
    await userEvent.type(within(keyForm).getByLabelText('Key id (kid)'), 'nw-3');
    await userEvent.type(within(keyForm).getByLabelText('Public key (PEM)'), 'pem');
    await userEvent.click(within(keyForm).getByRole('button', { name: 'Add key' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A partner has at most 2 active keys: retire one (nw-2) first.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Northwind' }));
    expect(await screen.findByRole('heading', { name: 'Northwind (revoked)' })).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.path}`)).toContain(`POST ${base}1/revoke`);
  });
});
