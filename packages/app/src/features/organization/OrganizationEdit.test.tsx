import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrganizationEdit } from './OrganizationEdit.tsx';
import { answerApi, type SentRequest } from '../../testing/answerApi.ts';
import { managedUser } from './managedUser.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A directory of 60 users answered page by page, filtered like the API does.
const directory = Array.from({ length: 60 }, (_, index) =>
  managedUser(index + 1, { name: `User ${String(index + 1).padStart(2, '0')}` }),
);
const usersPage = ({ search }: SentRequest) => {
  const term = search.get('search') ?? '';
  const matching = directory.filter(
    (user) => user.name.toLowerCase().includes(term.toLowerCase()) || user.email.includes(term),
  );
  const ordered = search.get('direction') === 'desc' ? [...matching].reverse() : matching;
  const page = Number(search.get('page'));
  const size = Number(search.get('pageSize'));
  return {
    body: { users: ordered.slice((page - 1) * size, page * size), total: matching.length, page, pageSize: size },
  };
};

const render20 = () => {
  const sent = answerApi({
    'GET /api/auth/v1/organization/3/users/': usersPage,
    'GET /api/auth/v1/organization/3/user-changes/': () => ({ body: [] }),
    'GET /api/auth/v1/organization/3/partners/': () => ({ body: [] }),
  });
  render(<OrganizationEdit orgId={3} assignableRoles={['query', 'upload']} pageSize={20} />);
  return sent;
};
const userRows = () => screen.getAllByRole('row').slice(1);

describe('OrganizationEdit user list', () => {
  it('shows one server page with name, e-mail, roles, status, last sign-in and second factor', async () => {
    render20();
    expect(await screen.findByText('Page 1 of 3 · 60 users')).toBeTruthy();
    expect(userRows()).toHaveLength(20);
    const cells = within(userRows()[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['User 01', 'user1@acme.example', 'Query', 'Active']);
    expect(cells[5]).toBe('Enrolled');
  });

  it('asks the server for the next page and for the reversed order', async () => {
    const sent = render20();
    await screen.findByText('Page 1 of 3 · 60 users');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3 · 60 users')).toBeTruthy();
    expect(within(userRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('User 21');

    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(await screen.findByText('Page 1 of 3 · 60 users')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(sent.at(-1)?.search.get('direction')).toBe('desc');
    await vi.waitFor(() => expect(within(userRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('User 60'), {
      timeout: 5000,
    });
  });

  it('searches on the server after typing stops', async () => {
    const sent = render20();
    await screen.findByText('Page 1 of 3 · 60 users');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'User 4');
    expect(await screen.findByText('Page 1 of 1 · 10 users')).toBeTruthy();
    expect(
      sent
        .filter((request) => request.path.endsWith('/users/'))
        .at(-1)
        ?.search.get('search'),
    ).toBe('User 4');
  });
});
