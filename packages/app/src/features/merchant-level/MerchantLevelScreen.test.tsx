// /amla: the deep link opens a merchant, a raised signal shows its evidence and opens a case,
// each section shows as soon as its own answer arrives, and another organisation's merchant (404) says so.
import {
  MERCHANT_PATHS,
  type MerchantHeader,
  type MerchantSignals,
  type SectionAnswer,
} from '@payportal/shared/merchants';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { setTestPortalConfig } from '../../testing/testPortalConfig.ts';
import { resetSession } from '../session/sessionStore.ts';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

const ID = 10000061;
const header: MerchantHeader = {
  merchantId: ID,
  mid: '800100000000061',
  legalName: 'Nguyen Enterprises LP',
  dbaName: 'Maple Grocers',
  mcc: '5411',
  industry: 'Grocery Stores and Supermarkets',
  industryGroup: 'Grocery & Convenience',
  stateCode: 'PA',
  state: 'Pennsylvania',
  region: 'Northeast',
  city: 'Erie',
  pricingPlan: 'flat',
  onboardedOn: '2019-02-21',
  status: 'processing',
  riskTier: 'low',
  declaredAvgTicket: 42,
};
const signals: MerchantSignals = {
  window: { from: '2026-10-26', to: '2026-11-24' },
  signals: [
    { signal: 'volume_spike', score: 1.2, threshold: 6, flagged: false, evidence: { columns: [], rows: [] } },
    {
      signal: 'card_testing',
      score: 120,
      threshold: 25,
      flagged: true,
      evidence: {
        columns: [
          { name: 'ts', label: 'Time', format: 'datetime' },
          { name: 'amount', label: 'Amount', format: 'money' },
        ],
        rows: [
          ['2026-11-01 02:00', 0.5],
          ['2026-11-01 02:01', 0.51],
        ],
      },
    },
  ],
};
const economics: SectionAnswer = {
  section: 'economics',
  queries: [
    {
      id: 'totals',
      result: {
        columns: [{ name: 'billed_fees', label: 'Billed fees', type: 'number', format: 'money' }],
        rows: [[61.23]],
        rowCount: 1,
        truncated: false,
        source: 'raw',
        dataVersion: '1',
      },
    },
  ],
};

function answerMerchant(overrides: Record<string, Parameters<typeof answerApi>[0][string]> = {}) {
  return answerApi({
    [`GET ${MERCHANT_PATHS.merchant(ID)}`]: () => ({ body: header }),
    [`GET ${MERCHANT_PATHS.signals(ID)}`]: () => ({ body: signals }),
    [`GET ${MERCHANT_PATHS.cases(ID)}`]: () => ({ body: { cases: [] } }),
    // economics' line arrives while the other sections are still working: it must not wait for them
    [`POST ${MERCHANT_PATHS.sections(ID)}`]: () => ({
      lines: new ReadableStream({
        start: (stream) => stream.enqueue(new TextEncoder().encode(`${JSON.stringify(economics)}\n`)),
      }),
    }),
    ...overrides,
  });
}

describe('/amla?merchant=ID', () => {
  it('shows the header, a raised signal with its evidence, and the first section that answers while the others load', async () => {
    setTestPortalConfig();
    answerMerchant();
    renderAppAt(`/amla?merchant=${ID}`, signedInAs(['query']));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Grocers' })).toBeTruthy();
    const cardTesting = await screen.findByRole('article', { name: 'Card testing' });
    expect(within(cardTesting).getByText('Raised')).toBeTruthy();
    expect(within(cardTesting).getAllByRole('row')).toHaveLength(3);
    expect(within(screen.getByRole('article', { name: 'Volume or count spike' })).getByText('Not raised')).toBeTruthy();
    const economicsCard = screen.getByRole('region', { name: 'Economics' });
    expect(await within(economicsCard).findByText('$61.23')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Performance' })).getByText('Loading…')).toBeTruthy();
  });

  it('asks every section in one request, the slowest first and the header last (bench:merchant)', async () => {
    setTestPortalConfig();
    const sent = answerMerchant();
    renderAppAt(`/amla?merchant=${ID}`, signedInAs(['query']));
    const merchantCalls = () =>
      sent
        .filter((request) => request.path.startsWith(MERCHANT_PATHS.merchant(ID)))
        .map((request) => request.path.slice(MERCHANT_PATHS.merchant(ID).length));
    await vi.waitFor(() => expect(merchantCalls()).toHaveLength(4));
    expect(merchantCalls()).toEqual(['/sections', '/signals', '/cases/', '']);
  });

  it('opens a case from the signal', async () => {
    setTestPortalConfig();
    const sent = answerMerchant({
      [`POST ${MERCHANT_PATHS.cases(ID)}`]: () => ({
        status: 201,
        body: {
          id: 1,
          merchantId: ID,
          signal: 'card_testing',
          status: 'open',
          disposition: null,
          matchReasonCode: null,
          openedBy: { id: 42, name: 'Quinn Analyst' },
          openedAt: '2026-11-24T10:00:00.000Z',
          closedAt: null,
          notes: [],
        },
      }),
    });
    renderAppAt(`/amla?merchant=${ID}`, signedInAs(['query']));
    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Card testing' })).getByRole('button', { name: 'Open case' }),
    );
    await vi.waitFor(() =>
      expect(
        sent
          .filter((request) => request.method === 'POST' && request.path === MERCHANT_PATHS.cases(ID))
          .map((request) => request.body),
      ).toEqual([{ signal: 'card_testing' }]),
    );
  });

  it('says the merchant could not be found when it is not the organisation’s (404)', async () => {
    setTestPortalConfig();
    answerMerchant({
      [`GET ${MERCHANT_PATHS.merchant(ID)}`]: () => ({
        status: 404,
        body: { error: { code: 'api/not-found', message: 'Not found.' } },
      }),
    });
    renderAppAt(`/amla?merchant=${ID}`, signedInAs(['query']));
    expect((await screen.findByRole('alert')).textContent).toBe('This merchant could not be found.');
    expect(screen.queryByRole('heading', { level: 1, name: 'Maple Grocers' })).toBeNull();
  });
});
