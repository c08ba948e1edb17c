// The home screen's description and the demo banner of is_demo organisations.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { resetSession } from '../session/sessionStore.ts';

afterEach(() => {
  cleanup();
  resetSession();
});

describe('home screen', () => {
  it('describes the product as a big data solution for the modern acquirer', async () => {
    renderAppAt('/home', signedInAs(['query']));
    expect(await screen.findByText('The big data solution for the modern acquirer.')).toBeTruthy();
  });

  it('shows a demo organisation that its data is artificial and not a basis for decisions', async () => {
    renderAppAt('/home', signedInAs(['query'], { isDemo: true }));
    const banner = await screen.findByRole('note', { name: 'Demo organization' });
    expect(banner.textContent).toContain('artificial and for demonstration only');
    expect(banner.textContent).toContain('not liable for any decisions based on them');
  });

  it('shows no demo banner to a real organisation', async () => {
    renderAppAt('/home', signedInAs(['query']));
    await screen.findByRole('heading', { name: 'Welcome to PayPortal' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offers exactly the features the user’s roles open', async () => {
    renderAppAt('/home', signedInAs(['upload']));
    const list = await screen.findByRole('list', { name: 'Your features' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.firstChild?.textContent),
    ).toEqual(['Upload data', 'Upload history', 'Documents']);
  });
});

describe('organisation themes', () => {
  it('applies the theme named in the URL from the first render, and the default otherwise', () => {
    const { container } = renderAppAt('/acme/home', signedInAs(['query']));
    expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('acme');
    cleanup();
    const second = renderAppAt('/home', signedInAs(['query']));
    expect(second.container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('default');
  });
});
