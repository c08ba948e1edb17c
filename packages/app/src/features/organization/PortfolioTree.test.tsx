import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { portfolioFixture } from './portfolioFixture.ts';
import { PortfolioTree } from './PortfolioTree.tsx';

afterEach(cleanup);

describe('PortfolioTree (portfolio, error)', () => {
  it('lists the hierarchy as nested lists with each node’s merchants and users', () => {
    render(<PortfolioTree portfolio={portfolioFixture} error={null} />);

    const section = screen.getByRole('region', { name: 'Portfolio hierarchy' });
    const top = within(section).getAllByRole('list')[0]!;
    const subIsos = within(top)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === top);
    expect(subIsos.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      'Northern Sales (SUB-001) · Sub-ISO — 50 merchants · 1 user',
      'Southern Sales (SUB-002) · Sub-ISO — 1 merchant · 0 users',
    ]);
    const agents = within(within(subIsos[0]!).getByRole('list')).getAllByRole('listitem');
    expect(agents.map((item) => item.textContent)).toEqual([
      'Lakeside Payments (AGT-0001) · Agent — 38 merchants · 1 user',
      'Harbour Card Services (AGT-0002) · Agent — 12 merchants · 0 users',
    ]);
    expect(section.textContent).toContain('Whole organisation: 9 house merchants (no agent) · 4 users unscoped');
  });

  // The summary is a native disclosure: reachable with Tab; Enter and Space toggle it in a browser
  // (jsdom does not synthesise that click, so the test clicks the focused summary).
  it('reaches a sub-ISO from the keyboard and opens it', async () => {
    render(<PortfolioTree portfolio={portfolioFixture} error={null} />);
    const details = screen.getAllByRole('group')[0] as HTMLDetailsElement;
    expect(details.open).toBe(false);

    await userEvent.tab();
    expect(document.activeElement?.tagName).toBe('SUMMARY');
    await userEvent.click(document.activeElement!);
    expect(details.open).toBe(true);
  });

  it('shows why the hierarchy is missing', () => {
    render(<PortfolioTree portfolio={null} error="The portfolio hierarchy could not be loaded." />);
    expect(screen.getByRole('alert').textContent).toBe('The portfolio hierarchy could not be loaded.');
  });
});
