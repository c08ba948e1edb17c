import type { PartnerAuditEntry, PartnerView } from '@payportal/shared/identity';
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
const northwind: PartnerView = {
  id: 1,
  issuer: 'ptn_northwind',
  name: 'Northwind',
  allowed_origins: ['https://northwind.example'],
  roles: ['query'],
  provision_users: true,
  nodes: [],
  revoked_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  jwks_url: null,
  keys: [
    { kid: 'nw-1', alg: 'ES256', added_at: '2026-11-01T00:00:00.000Z', retired_at: null },
    { kid: 'nw-2', alg: 'ES256', added_at: '2026-11-20T00:00:00.000Z', retired_at: null },
  ],
  origins_outside_framing: [],
};
const base = '/api/auth/v1/organization/3/partners/';
const owner = { email: 'owner@acme.example', name: 'Olivia Owner' };
const entry = (fields: Partial<PartnerAuditEntry> & Pick<PartnerAuditEntry, 'id' | 'action'>): PartnerAuditEntry => ({
  partner_id: 1,
  at: '2026-11-27T00:00:00.000Z',
  actor: owner,
  on_behalf_of: null,
  keys: null,
  user: null,
  ...fields,
});

describe('PartnerSection', () => {
  it('lists the partners with their keys, and registers one with the roles, origins and key the owner gave', async () => {
    const sent = answerApi({
      [`GET ${base}`]: () => ({ body: [northwind] }),
      [`GET ${base}audit`]: () => ({ body: [] }),
      [`POST ${base}`]: ({ body }) => ({
        status: 201,
        body: {
          ...northwind,
          ...(body as object),
          id: 2,
          issuer: 'ptn_new',
          keys: [{ kid: 'k1', alg: 'ES256', added_at: northwind.created_at, retired_at: null }],
          origins_outside_framing: ['https://app.contoso.example'],
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
    // Pasted, not typed key by key: the test stays well inside its time on a loaded machine.
    await userEvent.click(within(form).getByLabelText('Partner name'));
    await userEvent.paste('Contoso');
    await userEvent.click(within(form).getByLabelText('Allowed origins'));
    await userEvent.paste('https://contoso.example, https://app.contoso.example');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Query' }));
    expect((within(form).getByRole('checkbox', { name: 'Owner' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.type(within(form).getByLabelText('Key id (kid)'), 'k1');
    await userEvent.click(within(form).getByLabelText('Public key (PEM)'));
    await userEvent.paste(PEM);
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));

    const contoso = await screen.findByRole('article', { name: 'Contoso' });
    // The operator's framing allowlist does not hold one of its origins: flagged at once.
    expect(within(contoso).getByText(/^Warning:/).textContent).toBe(
      'Warning: https://app.contoso.example is not in this portal’s framing allowlist (PARTNER_ORIGINS): pages there cannot frame the portal until the operator adds it.',
    );
    expect(within(listed).queryByText(/^Warning:/)).toBeNull();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Contoso',
      allowed_origins: ['https://contoso.example', 'https://app.contoso.example'],
      roles: ['query'],
      provision_users: false,
      nodes: [],
      key: { kid: 'k1', pem: PEM },
    });
  });

  it('registers a partner by its JWKS URL, and its card offers no pasted key', async () => {
    const sent = answerApi({
      [`GET ${base}`]: () => ({ body: [] }),
      [`GET ${base}audit`]: () => ({ body: [] }),
      [`POST ${base}`]: ({ body }) => ({
        status: 201,
        body: {
          ...northwind,
          id: 4,
          name: 'Fabrikam',
          allowed_origins: ['https://fabrikam.example'],
          keys: [],
          jwks_url: (body as { key: { jwks_url: string } }).key.jwks_url,
        },
      }),
    });
    render(<PartnerSection orgId={3} assignableRoles={['query']} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register partner' }));
    const form = screen.getByRole('form', { name: 'Register partner' });
    await userEvent.click(within(form).getByLabelText('Partner name'));
    await userEvent.paste('Fabrikam');
    await userEvent.click(within(form).getByLabelText('Allowed origins'));
    await userEvent.paste('https://fabrikam.example');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Query' }));
    await userEvent.selectOptions(within(form).getByLabelText('Its public keys'), 'JWKS URL');
    expect(within(form).queryByLabelText('Public key (PEM)')).toBeNull();
    await userEvent.click(within(form).getByLabelText('JWKS URL'));
    await userEvent.paste('https://fabrikam.example/.well-known/jwks.json');
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));

    const card = await screen.findByRole('article', { name: 'Fabrikam' });
    expect(within(card).getByText(/^Keys published at/).textContent).toBe(
      'Keys published at https://fabrikam.example/.well-known/jwks.json: the partner rotates them there.',
    );
    expect(within(card).queryByRole('form', { name: 'Add a key to Fabrikam' })).toBeNull();
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      name: 'Fabrikam',
      key: { jwks_url: 'https://fabrikam.example/.well-known/jwks.json' },
    });
  });

  it('retires a key and revokes a partner after a confirmation, with the answers and the audit in place, and shows a refusal', async () => {
    let revoked = false;
    const sent = answerApi({
      [`GET ${base}`]: () => ({ body: [northwind] }),
      [`GET ${base}audit`]: () => ({
        body: [
          ...(revoked
            ? [
                entry({
                  id: 'partner-3',
                  action: 'revoke',
                  actor: { email: 'lead@payportal.example', name: 'Lee Lead' },
                  on_behalf_of: owner.email,
                }),
              ]
            : []),
          entry({
            id: 'user-9',
            action: 'provision-user',
            actor: { email: 'ptn_northwind', name: 'Northwind' },
            user: { email: 'pat@northwind.example', name: 'Pat' },
          }),
          entry({ id: 'partner-1', action: 'register', keys: { before: [], after: ['nw-1'] } }),
          entry({ id: 'partner-2', action: 'add-key', partner_id: 2, keys: { before: ['x'], after: ['x', 'y'] } }),
        ],
      }),
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
      [`POST ${base}1/revoke`]: () => {
        revoked = true;
        return { body: { ...northwind, revoked_at: '2026-11-27T00:00:00.000Z' } };
      },
    });
    render(<PartnerSection orgId={3} assignableRoles={['query']} />);
    const audit = await screen.findByRole('region', { name: 'Audit of Northwind' });
    await within(audit).findByText(/Registered with key nw-1 by Olivia Owner/);
    // Another partner's entries stay under that partner.
    expect(
      within(audit)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(' · ')[1]),
    ).toEqual([
      "User Pat (pat@northwind.example) created by the partner's first session",
      'Registered with key nw-1 by Olivia Owner (owner@acme.example)',
    ]);

    // Cancelling the confirmation changes nothing.
    await userEvent.click(await screen.findByRole('button', { name: 'Retire key nw-1' }));
    const retire = screen.getByRole('alertdialog', {
      name: 'Retire key nw-1 of Northwind? Tokens signed with it are refused from now on.',
    });
    expect(document.activeElement).toBe(within(retire).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(retire).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Retire key nw-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retire key' }));
    expect(await screen.findByText(/· retired/)).toBeTruthy();

    const keyForm = screen.getByRole('form', { name: 'Add a key to Northwind' });
    await userEvent.type(within(keyForm).getByLabelText('Key id (kid)'), 'nw-3');
    await userEvent.type(within(keyForm).getByLabelText('Public key (PEM)'), 'pem');
    await userEvent.click(within(keyForm).getByRole('button', { name: 'Add key' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A partner has at most 2 active keys: retire one (nw-2) first.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Northwind' }));
    const confirm = screen.getByRole('alertdialog', { name: /^Revoke Northwind\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke partner' }));
    expect(await screen.findByRole('heading', { name: 'Northwind (revoked)' })).toBeTruthy();
    // The owner sees the revocation in the audit, by the support person acting as the owner.
    expect(
      await within(screen.getByRole('region', { name: 'Audit of Northwind' })).findByText(
        /Revoked by Lee Lead \(lead@payportal.example\), acting as owner@acme.example/,
      ),
    ).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.path}`)).toContain(`POST ${base}1/revoke`);
  });
});
