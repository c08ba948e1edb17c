// The dashboard filter bar's portfolio filters (README "Portfolio filters"): the whole
// organisation filters by sub-ISO and agent, by name, the agents narrowed to one chosen sub-ISO; a
// scoped session, whose book is already chosen, is not offered them.
import type { DashboardFilters } from '@payportal/shared/dashboards';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { signedInAs } from '../../testing/renderAppAt.tsx';
import { resetSession, session } from '../session/sessionStore.ts';
import { FilterBar } from './FilterBar.tsx';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

describe('FilterBar', () => {
  it('lets the whole organisation filter by agent name, the list narrowed to the chosen sub-ISO', async () => {
    const sent = answerApi({
      'GET /api/analytics/v1/values/agent': () => ({
        body: { values: [{ value: 'Lakeside Payments', label: 'Lakeside Payments', parent: 'Northern Sales' }] },
      }),
    });
    session.current = signedInAs(['query']);
    const onChange = vi.fn<(next: DashboardFilters) => void>();
    render(<FilterBar filters={{ sub_iso: ['Northern Sales'] }} onChange={onChange} />);
    expect(screen.getByRole('list', { name: 'Chosen sub-iso' }).textContent).toContain('Northern Sales');
    await userEvent.type(screen.getByRole('combobox', { name: 'Agent' }), 'Lake');
    await userEvent.click(await screen.findByRole('option', { name: /Lakeside Payments/ }));
    expect(onChange).toHaveBeenLastCalledWith({ sub_iso: ['Northern Sales'], agent: ['Lakeside Payments'] });
    const asked = sent.filter((request) => request.path === '/api/analytics/v1/values/agent').at(-1)!;
    expect(asked.search.get('parent')).toBe('Northern Sales');
  });

  it('offers a scoped session no sub-ISO or agent filter: its book is already chosen', () => {
    answerApi({});
    session.current = signedInAs(['query'], { scoped: true });
    render(<FilterBar filters={{}} onChange={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Region' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Sub-ISO' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
  });
});
