// /disputes: the tabs (keyboard), the days left in words beside their colour, server paging with the
// cursor, server sorting announced with aria-sort, the filters as query parameters, empty and error states,
// and the view on screen (tab, filters, sort) as the CSV export's.
import { DISPUTE_ROUTES, type DisputeQueueItem } from '@payportal/shared/disputes';
import { EXPORT_ROUTES } from '@payportal/shared/exports';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerApi, type SentRequest } from '../../testing/answerApi.ts';
import { jobAnswer, limitsAnswer } from '../../testing/queryBuilderAnswers.ts';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { setTestPortalConfig } from '../../testing/testPortalConfig.ts';
import { resetSession } from '../session/sessionStore.ts';

// The screen is a lazy chunk: load it once before the tests, so its first transform (seconds on a busy
// machine) is not counted against the first test's time.
beforeAll(() => import('./DisputeQueueScreen.tsx'));

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

const row = (id: number, due: string | null): DisputeQueueItem => ({
  chargeback_id: id,
  network: 'visa',
  stage: 'first',
  reason_code: '13.1',
  merchant_id: 7,
  amount: 120.5,
  received_date: '2026-10-01',
  due_date: due,
});

function answerQueue(answer: (request: SentRequest) => object) {
  setTestPortalConfig();
  return answerApi({
    [`GET ${DISPUTE_ROUTES.queue}`]: (request) => ({ body: answer(request) }),
    [`GET ${EXPORT_ROUTES.limits}`]: () => ({ body: limitsAnswer }),
    [`POST ${DISPUTE_ROUTES.queueExport}`]: (request) => ({
      status: 202,
      body: jobAnswer({ definition_id: null, query: null, disputes: (request.body as { view: never }).view }),
    }),
  });
}
const sentQueries = (sent: SentRequest[]) =>
  sent.filter((request) => request.path === DISPUTE_ROUTES.queue).map((request) => Object.fromEntries(request.search));
const dataRows = () =>
  within(screen.getByRole('table', { name: 'Disputes' }))
    .getAllByRole('row')
    .slice(1);

describe('/disputes', () => {
  it('lists "Needs response" with the days left in words, and loads the next page with the cursor', async () => {
    const sent = answerQueue((request) =>
      request.search.get('cursor')
        ? { items: [row(3, '2026-12-20')], nextCursor: null, today: '2026-11-28' }
        : { items: [row(1, '2026-11-28'), row(2, '2026-11-30')], nextCursor: 'c2', today: '2026-11-28' },
    );
    renderAppAt('/disputes', signedInAs(['disputes']));
    expect((await screen.findByRole('tab', { name: 'Needs response' })).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('table', { name: 'Disputes' });
    expect(dataRows().map((tr) => tr.children[1]!.textContent)).toEqual(['◷ Due today', '◷ 2 days left']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('22 days left');
    expect(dataRows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(sentQueries(sent).at(-1)).toMatchObject({ tab: 'needs_response', cursor: 'c2', sort: 'due_date' });
  });

  it('moves between tabs with the arrow keys and asks the API for the chosen tab', async () => {
    const sent = answerQueue(() => ({ items: [], nextCursor: null, today: '2026-11-28' }));
    renderAppAt('/disputes', signedInAs(['query']));
    expect(await screen.findByText('No dispute needs a response.')).toBeTruthy();
    screen.getByRole('tab', { name: 'Needs response' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    const decided = screen.getByRole('tab', { name: 'Decided' });
    expect(document.activeElement).toBe(decided);
    expect(decided.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No dispute has been decided yet.')).toBeTruthy();
    expect(sentQueries(sent).at(-1)).toMatchObject({ tab: 'decided' });
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(decided.id);
  });

  it('sorts on the server: a column heading asks ascending, then descending, and says so with aria-sort', async () => {
    const sent = answerQueue(() => ({ items: [row(1, '2026-12-01')], nextCursor: null, today: '2026-11-28' }));
    renderAppAt('/disputes', signedInAs(['disputes']));
    await screen.findByRole('table', { name: 'Disputes' });
    expect(screen.getByRole('columnheader', { name: /^Due/ }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(screen.getByRole('button', { name: /^Amount/ }));
    expect(screen.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /^Due/ }).getAttribute('aria-sort')).toBe('none');
    await userEvent.click(screen.getByRole('button', { name: /^Amount/ }));
    expect(screen.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort')).toBe('descending');
    await screen.findByRole('table', { name: 'Disputes' });
    expect(sentQueries(sent).at(-1)).toMatchObject({ sort: 'amount', order: 'desc' });
  });

  it('sends the filters as the queue’s parameters and says when nothing matches', async () => {
    const sent = answerQueue(() => ({ items: [], nextCursor: null, today: '2026-11-28' }));
    renderAppAt('/disputes', signedInAs(['disputes']));
    await screen.findByText('No dispute needs a response.');
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'Mastercard');
    // The form reads its fields when applied: their values, not each keystroke, are what this test is about.
    fireEvent.change(screen.getByLabelText('Reason code'), { target: { value: '4853' } });
    fireEvent.change(screen.getByLabelText('Merchant id'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('Amount from'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Amount to'), { target: { value: '500' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No dispute matches these filters.')).toBeTruthy();
    expect(sentQueries(sent).at(-1)).toMatchObject({
      network: 'mastercard',
      reason: '4853',
      merchant: '42',
      minAmount: '10',
      maxAmount: '500',
    });
  });

  it('exports the view on screen: its tab, filters and sort go into the export job', async () => {
    const sent = answerQueue(() => ({ items: [row(1, '2026-12-01')], nextCursor: null, today: '2026-11-28' }));
    renderAppAt('/disputes', signedInAs(['disputes']));
    await screen.findByRole('table', { name: 'Disputes' });
    await userEvent.click(screen.getByRole('tab', { name: 'Decided' }));
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'Visa');
    fireEvent.change(screen.getByLabelText('Amount from'), { target: { value: '10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Amount/ }));
    await screen.findByText('limited to 1,000,000 rows for your role', { exact: false });
    await userEvent.click(screen.getByRole('button', { name: 'Run export' }));
    expect(await screen.findByText('Waiting to start')).toBeTruthy();
    const posted = sent.filter((request) => request.path === DISPUTE_ROUTES.queueExport);
    expect(posted.map((request) => request.body)).toEqual([
      { view: { tab: 'decided', network: 'visa', minAmount: 10, sort: 'amount', order: 'asc' } },
    ]);
    expect(sentQueries(sent).at(-1)).toMatchObject({
      tab: 'decided',
      network: 'visa',
      minAmount: '10',
      sort: 'amount',
    });
    // another tab is another view: its card offers a new run, never the earlier view's; going back shows it again
    await userEvent.click(screen.getByRole('tab', { name: 'Overdue' }));
    expect(await screen.findByRole('button', { name: 'Run export' })).toBeTruthy();
    expect(screen.queryByText('Waiting to start')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Decided' }));
    expect(await screen.findByText('Waiting to start')).toBeTruthy();
  });

  it('shows the API’s refusal and tries again on request', async () => {
    setTestPortalConfig();
    let calls = 0;
    answerApi({
      [`GET ${DISPUTE_ROUTES.queue}`]: () =>
        ++calls === 1
          ? { status: 503, body: { error: { code: 'analytics/busy', message: 'The analytics engine is busy.' } } }
          : { body: { items: [row(1, '2026-12-01')], nextCursor: null, today: '2026-11-28' } },
    });
    renderAppAt('/disputes', signedInAs(['disputes']));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The analytics engine is busy.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Disputes' })).toBeTruthy();
  });
});
