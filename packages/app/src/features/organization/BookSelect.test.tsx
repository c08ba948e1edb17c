import type { ManagedUser } from '@payportal/shared/identity';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { BookSelect, OWNER_NOT_SCOPED } from './BookSelect.tsx';
import { managedUser } from './managedUser.ts';
import { portfolioFixture } from './portfolioFixture.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const scopePath = 'PUT /api/auth/v1/organization/2/users/5/scope';
const select = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Book' });

describe('BookSelect (orgId, user, portfolio; raises saved)', () => {
  it('offers the whole organisation and every node, indented by level, and scopes the user to the chosen one', async () => {
    const user = managedUser(5) as ManagedUser;
    const sent = answerApi({ [scopePath]: ({ body }) => ({ body: { ...user, ...(body as object) } }) });
    const onSaved = vi.fn();
    render(<BookSelect orgId={2} user={user} portfolio={portfolioFixture} onSaved={onSaved} />);

    expect([...select().options].map((option) => option.textContent)).toEqual([
      'Whole organisation',
      'Northern Sales (SUB-001)',
      '\u00a0\u00a0\u00a0Lakeside Payments (AGT-0001)',
      '\u00a0\u00a0\u00a0Harbour Card Services (AGT-0002)',
      'Southern Sales (SUB-002)',
      '\u00a0\u00a0\u00a0Summit Merchant Group (AGT-0003)',
    ]);
    expect(select().value).toBe('');
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save book' });
    expect(save.disabled).toBe(true);
    await userEvent.selectOptions(select(), 'AGT-0001');
    await userEvent.click(save);

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ scope_node: 'AGT-0001' })));
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ scope_node: 'AGT-0001' });
  });

  it('gives a scoped user the whole organisation back', async () => {
    const user = managedUser(5, { scope_node: 'SUB-002' }) as ManagedUser;
    const sent = answerApi({ [scopePath]: () => ({ body: { ...user, scope_node: null } }) });
    render(<BookSelect orgId={2} user={user} portfolio={portfolioFixture} onSaved={() => {}} />);

    expect(select().value).toBe('SUB-002');
    await userEvent.selectOptions(select(), 'Whole organisation');
    await userEvent.click(screen.getByRole('button', { name: 'Save book' }));

    await vi.waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ scope_node: null }),
    );
  });

  it('shows the API refusal as it answers', async () => {
    answerApi({
      [scopePath]: () => ({
        status: 400,
        body: {
          error: { code: 'organization/unknown-node', message: "The organisation's hierarchy has no node AGT-0002." },
        },
      }),
    });
    const onSaved = vi.fn();
    render(
      <BookSelect orgId={2} user={managedUser(5) as ManagedUser} portfolio={portfolioFixture} onSaved={onSaved} />,
    );

    await userEvent.selectOptions(select(), 'AGT-0002');
    await userEvent.click(screen.getByRole('button', { name: 'Save book' }));

    expect((await screen.findByRole('alert')).textContent).toBe("The organisation's hierarchy has no node AGT-0002.");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('is disabled for an owner, with the reason', () => {
    const owner = managedUser(5, { roles: ['org_owner'] }) as ManagedUser;
    render(<BookSelect orgId={2} user={owner} portfolio={portfolioFixture} onSaved={() => {}} />);

    expect(select().disabled).toBe(true);
    expect(select().value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Book' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(OWNER_NOT_SCOPED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save book' })).toBeNull();
  });

  it('keeps a code the hierarchy no longer holds visible as the current book', () => {
    const user = managedUser(5, { scope_node: 'AGT-GONE' }) as ManagedUser;
    render(<BookSelect orgId={2} user={user} portfolio={portfolioFixture} onSaved={() => {}} />);

    expect(select().selectedOptions[0]?.textContent).toBe('AGT-GONE (no longer in the hierarchy)');
  });
});
