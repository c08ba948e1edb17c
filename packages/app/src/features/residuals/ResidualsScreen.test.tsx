// /residuals: the portfolio's summary with its partners linking to their statements; "Close month" for a
// residuals admin only, which closes the month and shows it closed; the API's refusal in words.
import { RESIDUAL_ROUTES, type ResidualStatements, type ResidualTotals } from '@payportal/shared/residuals';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { setTestPortalConfig } from '../../testing/testPortalConfig.ts';
import { resetSession } from '../session/sessionStore.ts';

beforeAll(() => import('./ResidualsScreen.tsx'));
afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

const totals: ResidualTotals = {
  merchants: 2,
  sales: 30,
  volume: 1000,
  income: 2000,
  interchange: 1200,
  scheme_fees: 227,
  pass_through: 1427,
  schedule_a: 73,
  net: 500,
  payouts: 300,
  adjustments: 0,
  total: 300,
};
const portfolio = (closed: boolean): ResidualStatements => ({
  month: '2026-06',
  closing: closed ? { closed_at: '2026-07-02T10:00:00.000Z', closed_by: 'Rita Residuals', run_id: 1 } : null,
  node: null,
  totals,
  levels: { agents: 300, sub_isos: 0, house: 200 },
  children: [{ code: 'AGT-0001', name: 'Worked Example Payments', kind: 'agent', parent_code: null, totals }],
});

function answerStatements() {
  setTestPortalConfig();
  let closed = false;
  const sent = answerApi({
    [`GET ${RESIDUAL_ROUTES.statements}`]: () => ({ body: portfolio(closed) }),
    [`POST ${RESIDUAL_ROUTES.runs}`]: () => {
      closed = true;
      return {
        status: 201,
        body: {
          run_id: 1,
          month: '2026-06',
          closed_at: '2026-07-02T10:00:00.000Z',
          closed_by: 'Rita Residuals',
          merchants: 2,
          net: 500,
          schedule_versions: 3,
          split_versions: 1,
        },
      };
    },
  });
  return sent;
}

describe('/residuals', () => {
  it('shows the portfolio’s summary by level and its partners, and a residuals admin closes the month', async () => {
    const sent = answerStatements();
    renderAppAt('/residuals?month=2026-06', signedInAs(['residuals_admin']));
    const summary = await screen.findByLabelText('Summary');
    const figures: [string, string][] = [
      ['Income', '$2,000.00'],
      ['Pass-through', '$1,427.00'],
      ['Schedule A', '$73.00'],
      ['Net', '$500.00'],
      ['Agents’ payouts', '$300.00'],
      ['House', '$200.00'],
    ];
    for (const [label, value] of figures)
      expect(within(summary).getByText(label).nextElementSibling?.textContent).toBe(value);
    expect(screen.getByRole('link', { name: 'Worked Example Payments (AGT-0001)' }).getAttribute('href')).toBe(
      '/residuals/AGT-0001?month=2026-06',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close month' }));
    expect(await screen.findByText('2026-06 is closed.')).toBeTruthy();
    expect(await screen.findByText(/^Closed on 2 Jul 2026 by Rita Residuals/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close month' })).toBeNull();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { month: '2026-06' },
    ]);
    expect(sent[0]!.search.get('month')).toBe('2026-06');
  });

  it('offers no Close month to an owner', async () => {
    answerStatements();
    renderAppAt('/residuals?month=2026-06', signedInAs(['org_owner']));
    expect(await screen.findByText('Portfolio')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close month' })).toBeNull();
  });

  it('says the API’s refusal to an unscoped analyst', async () => {
    setTestPortalConfig();
    answerApi({
      [`GET ${RESIDUAL_ROUTES.statements}`]: () => ({
        status: 403,
        body: { error: { code: 'api/forbidden', message: 'Residual statements are for residuals admins.' } },
      }),
    });
    renderAppAt('/residuals?month=2026-06', signedInAs(['query']));
    expect((await screen.findByRole('alert')).textContent).toBe('Residual statements are for residuals admins.');
  });
});
