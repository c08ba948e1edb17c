// Header: what each role sees, the keyboard menu, the avatar, and the 10 ms rule.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { resetSession } from '../session/sessionStore.ts';
import { AVATAR_COLOURS } from './avatarColour.ts';

afterEach(() => {
  cleanup();
  resetSession();
  vi.useRealTimers();
});

const menuLabels = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
const mainButtons = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('header', () => {
  it('gives a query user the three buttons and the dropdown items of the specification', async () => {
    renderAppAt('/home', signedInAs(['query']));
    expect(mainButtons()).toEqual(['Query Builder', 'Dashboards', 'Merchant-Level']);
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Quinn Analyst' }));
    expect(menuLabels()).toEqual([
      'Home',
      'Documents',
      'Query Builder',
      'Dashboards',
      'Merchant-Level',
      'Alerts',
      'Disputes',
      'Profile',
      'Sign out',
    ]);
  });

  it('adds Revenue Optimizer for embedded users and Manage organization for owners', async () => {
    renderAppAt('/home', signedInAs(['query', 'revenue_optimizer', 'org_owner']));
    await userEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(menuLabels()).toEqual([
      'Home',
      'Documents',
      'Query Builder',
      'Dashboards',
      'Merchant-Level',
      'Alerts',
      'Disputes',
      'Residuals',
      'Revenue Optimizer',
      'Profile',
      'Manage organization',
      'Sign out',
    ]);
  });

  it.each([
    [['upload'] as const, ['Home', 'Documents', 'Upload data', 'Upload history', 'Profile', 'Sign out']],
    [
      ['org_owner'] as const,
      ['Home', 'Documents', 'Disputes', 'Residuals', 'Profile', 'Manage organization', 'Sign out'],
    ],
    [['residuals_admin'] as const, ['Home', 'Documents', 'Residuals', 'Profile', 'Sign out']],
    [['disputes'] as const, ['Home', 'Documents', 'Disputes', 'Profile', 'Sign out']],
    [['revenue_optimizer'] as const, ['Home', 'Documents', 'Revenue Optimizer', 'Profile', 'Sign out']],
  ])(
    'shows Sign out and no query screens to a user without the query role, and a menu of the screens the roles open (%o)',
    async (roles, items) => {
      renderAppAt('/documents', signedInAs([...roles], { termsAccepted: true }));
      const header = screen.getByRole('banner');
      expect(within(header).getByRole('button', { name: 'Sign out' })).toBeTruthy();
      expect(within(header).queryByRole('link', { name: 'Query Builder' })).toBeNull();
      await userEvent.click(within(header).getByRole('button', { name: /^Account menu/ }));
      expect(menuLabels()).toEqual(items);
    },
  );

  it('adds the upload screens to the menu of a query user with the upload role', async () => {
    renderAppAt('/home', signedInAs(['query', 'upload']));
    await userEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(menuLabels()).toEqual([
      'Home',
      'Documents',
      'Query Builder',
      'Dashboards',
      'Merchant-Level',
      'Alerts',
      'Disputes',
      'Upload data',
      'Upload history',
      'Profile',
      'Sign out',
    ]);
  });

  it('links the logo to /home and keeps the organisation prefix', () => {
    renderAppAt('/acme/dashboards', signedInAs(['query']));
    expect(screen.getByRole('link', { name: 'PayPortal home' }).getAttribute('href')).toBe('/acme/home');
    expect(screen.getByRole('link', { name: 'Dashboards' }).getAttribute('href')).toBe('/acme/dashboards');
  });

  it('shows the logo but nothing else to a signed-out visitor, and no header at all when framed', () => {
    renderAppAt('/auth', { status: 'signedOut' });
    expect(
      within(screen.getByRole('banner'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['PayPortal home']);
    cleanup();
    renderAppAt('/home', signedInAs(['query']), true);
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('signs out to /auth with the logout flag', async () => {
    const { address } = renderAppAt('/home', signedInAs(['upload']));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(address()).toBe('/auth?logout=true');
  });

  it('shows the first letter of the name on a colour picked from its length', () => {
    renderAppAt('/home', signedInAs(['query'], { name: 'olivia Owner' }));
    const avatar = screen.getByTestId('avatar');
    expect(avatar.textContent).toBe('O');
    expect(avatar.style.background).toBe(AVATAR_COLOURS[12 % AVATAR_COLOURS.length]);
  });
});

describe('header dropdown as a keyboard menu', () => {
  it('opens on ArrowDown at the first item, moves with the arrows, wraps, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderAppAt('/home', signedInAs(['query']));
    const trigger = screen.getByRole('button', { name: /^Account menu/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Home');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Documents');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign out');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Home');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Sign out');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('follows a menu item, then hides the dropdown during navigation and shows it 10 ms later', async () => {
    const user = userEvent.setup();
    const { address } = renderAppAt('/home', signedInAs(['query']));
    screen.getByRole('button', { name: /^Account menu/ }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    vi.useFakeTimers();
    fireEvent.click(document.activeElement!);
    expect(address()).toBe('/documents');
    expect(screen.queryByRole('button', { name: /^Account menu/ })).toBeNull();
    act(() => vi.advanceTimersByTime(9));
    expect(screen.queryByRole('button', { name: /^Account menu/ })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: /^Account menu/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when the user clicks outside it', async () => {
    renderAppAt('/home', signedInAs(['query']));
    // the home screen is a lazy chunk: under load it arrives after the header
    const heading = await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.click(heading);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('skip link', () => {
  it('is the first Tab stop and moves focus to the content past the header', async () => {
    const user = userEvent.setup();
    renderAppAt('/home', signedInAs(['query']));
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
