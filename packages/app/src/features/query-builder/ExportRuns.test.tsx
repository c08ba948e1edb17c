// On the screen: saving, edit mode and who may change it, running with
// progress, cancel, the download ticket, the cap before and after, failed runs, read-only support.
import type { ExportJob } from '@payportal/shared/exports';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { setImpersonationReadOnly } from '../../lib/impersonationAccess.ts';
import { answerApi, type Answer, type SentRequest } from '../../testing/answerApi.ts';
import {
  catalogueAnswer,
  definitionAnswer,
  jobAnswer,
  limitsAnswer,
  stateMonthAnswer,
} from '../../testing/queryBuilderAnswers.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setImpersonationReadOnly(null);
});

type Routes = Record<string, (request: SentRequest) => Answer | Promise<Answer>>;

function answerExports(routes: Routes = {}) {
  return answerApi({
    'GET /api/analytics/v1/catalogue': () => ({ body: catalogueAnswer }),
    'POST /api/analytics/v1/query': () => ({ body: stateMonthAnswer(3) }),
    'POST /api/exports/v1/estimate': () => ({ body: { rows: 1_000_000, row_cap: 1_000_000, capped: true } }),
    'GET /api/exports/v1/limits': () => ({ body: limitsAnswer }),
    'GET /api/exports/v1/jobs/': () => ({ body: { jobs: [] } }),
    'GET /api/exports/v1/definitions/7': () => ({ body: definitionAnswer() }),
    ...routes,
  });
}
const analyst = signedInAs(['query']);

describe('saving', () => {
  it('[X2] checks the name first, then creates the export and continues in its edit mode', async () => {
    const sent = answerExports({
      'POST /api/exports/v1/definitions/': ({ body }) => ({
        status: 201,
        body: definitionAnswer({ ...(body as object), id: 7 }),
      }),
    });
    const view = renderAppAt('/csv/new', analyst);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'State' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save export' }));
    expect(screen.getByText('The name must not be empty.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(screen.getByLabelText('Name'), 'States');
    await userEvent.click(screen.getByRole('button', { name: 'Save export' }));
    expect(await screen.findByText('Saved “States”.')).toBeTruthy();
    expect(view.address()).toBe('/csv/7/edit');
    expect(screen.getByRole('heading', { level: 1, name: 'States' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'State' }) as HTMLInputElement).checked).toBe(true);
    const created = sent.find(
      (request) => request.method === 'POST' && request.path === '/api/exports/v1/definitions/',
    );
    expect(created?.body).toMatchObject({
      name: 'States',
      description: '',
      query: { dimensions: ['state'], measures: [] },
      csv: { header: 'labels', neutraliseFormulas: true },
    });
    expect(sent.some((request) => request.path === '/api/exports/v1/definitions/7' && request.method === 'GET')).toBe(
      false,
    );
  });

  it('[X2] edit mode loads the export by id and saves changes with PUT', async () => {
    const sent = answerExports({
      'PUT /api/exports/v1/definitions/7': ({ body }) => ({ body: definitionAnswer(body as object) }),
    });
    renderAppAt('/csv/7/edit', analyst);
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly GSV by state' })).toBeTruthy();
    expect(((await screen.findByRole('checkbox', { name: 'State' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Saved' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Card brand' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save export' }));
    expect(await screen.findByText('Saved “Monthly GSV by state”.')).toBeTruthy();
    expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
      query: { dimensions: ['state', 'card_brand'] },
    });
  });

  it('[X2] going from one saved export to another loads the other, and saves it, not the first', async () => {
    const sent = answerExports({
      'PUT /api/exports/v1/definitions/7': ({ body }) => ({ body: definitionAnswer(body as object) }),
      'GET /api/exports/v1/definitions/8': () => ({ body: definitionAnswer({ id: 8, name: 'Chargebacks by brand' }) }),
      'PUT /api/exports/v1/definitions/8': ({ body }) => ({ body: definitionAnswer({ ...(body as object), id: 8 }) }),
    });
    const view = renderAppAt('/csv/7/edit', analyst);
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly GSV by state' })).toBeTruthy();
    // the first export saved once, so the screen holds it as saved
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Region' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save export' }));
    expect(await screen.findByText('Saved “Monthly GSV by state”.')).toBeTruthy();
    act(() => view.location.navigate('/csv/8/edit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chargebacks by brand' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Card brand' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save export' }));
    expect(await screen.findByText('Saved “Chargebacks by brand”.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      '/api/exports/v1/definitions/7',
      '/api/exports/v1/definitions/8',
    ]);
  });

  it('[X2] deletes after asking, and says so on the empty builder it returns to', async () => {
    const sent = answerExports({ 'DELETE /api/exports/v1/definitions/7': () => ({ status: 204 }) });
    const view = renderAppAt('/csv/7/edit', analyst);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the saved export “Monthly GSV by state”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted “Monthly GSV by state”.')).toBeTruthy();
    expect(view.address()).toBe('/csv/new');
    expect(screen.getByRole('heading', { level: 1, name: 'New CSV export' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('[X2] lists saved exports (mine first, then the organisation’s) and opens one in the builder', async () => {
    const sent = answerExports({
      'GET /api/exports/v1/definitions/': ({ search }) => ({
        body:
          search.get('mine') === 'true'
            ? { definitions: [definitionAnswer()], total: 1 }
            : {
                definitions: [
                  definitionAnswer(),
                  definitionAnswer({
                    id: 8,
                    name: 'Chargebacks by brand',
                    owner: { id: 5, name: 'Olivia Owner' },
                    can_edit: false,
                  }),
                ],
                total: 2,
              },
      }),
    });
    const view = renderAppAt('/csv/new', analyst);
    await userEvent.click(await screen.findByRole('button', { name: 'Saved exports' }));
    const dialog = screen.getByRole('dialog', { name: 'Saved exports' });
    expect(await within(dialog).findByText('1 saved export')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Only mine' }));
    expect(await within(dialog).findByText('2 saved exports')).toBeTruthy();
    expect(within(dialog).getByText(/Olivia Owner · updated/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Monthly GSV by state' }));
    expect(view.address()).toBe('/csv/7/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly GSV by state' })).toBeTruthy();
    expect(
      sent.some((request) => request.path === '/api/exports/v1/definitions/' && request.search.get('mine') === 'false'),
    ).toBe(true);
  });

  it('[X2][X17] someone else’s export is read-only, names its owner, and still runs as saved', async () => {
    const sent = answerExports({
      'GET /api/exports/v1/definitions/7': () => ({
        body: definitionAnswer({ can_edit: false, owner: { id: 5, name: 'Olivia Owner' } }),
      }),
      'POST /api/exports/v1/jobs/': () => ({ status: 202, body: jobAnswer() }),
      'GET /api/exports/v1/jobs/31': () => ({ body: jobAnswer() }),
    });
    renderAppAt('/csv/7/edit', analyst);
    expect((await screen.findByRole('note')).textContent).toContain(
      'Only Olivia Owner, who saved this export, or an organization owner can change it.',
    );
    expect((screen.getByRole('checkbox', { name: 'State' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByLabelText('Name').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Run export' }));
    await vi.waitFor(() =>
      expect(
        sent.find((request) => request.method === 'POST' && request.path === '/api/exports/v1/jobs/')?.body,
      ).toEqual({ definition_id: 7 }),
    );
  });

  it('[X1][X17] read-only support: saving and running are disabled and the page says why; the preview still works', async () => {
    setImpersonationReadOnly(true);
    answerExports();
    renderAppAt('/csv/new', { ...analyst, impersonatedBy: 'support@payportal.example' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'State' }));
    expect(screen.getByRole('note').textContent).toContain('support_write');
    expect(screen.getByRole('button', { name: 'Save export' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Run export' }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findByRole('table', { name: 'First 3 rows of the export' })).toBeTruthy();
  });
});

describe('running', () => {
  it('[X4][X13][X17] says the cap before the run, shows progress against the estimate, and downloads through a single-use ticket', async () => {
    let polls = 0;
    const progress: ExportJob[] = [
      jobAnswer({ status: 'running', rows_estimate: 1_000_000, rows_written: 250_000 }),
      jobAnswer({
        status: 'ready',
        rows_estimate: 1_000_000,
        rows_written: 1_000_000,
        capped: true,
        file_bytes: 52_428_800,
        expires_at: '2026-11-30T10:00:00.000Z',
      }),
    ];
    const sent = answerExports({
      'POST /api/exports/v1/jobs/': () => ({ status: 202, body: jobAnswer() }),
      'GET /api/exports/v1/jobs/31': () => ({ body: progress[Math.min(polls++, 1)] }),
      'POST /api/exports/v1/jobs/31/download-ticket': () => ({
        body: { url: '/api/exports/v1/downloads/abc', expires_at: '2026-11-23T10:01:00.000Z' },
      }),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    renderAppAt('/csv/7/edit', analyst);
    expect(
      await screen.findByText('Exports are limited to 1,000,000 rows for your role; files are kept 7 days.'),
    ).toBeTruthy();
    expect(
      await screen.findByText('More than 1,000,000 rows match; the export is limited to 1,000,000 rows for your role'),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Run export' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'), { timeout: 4000 });
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('250,000 of 1,000,000 rows written')).toBeTruthy();

    expect(await screen.findByText(/^1,000,000 rows, 50 MB\. Kept until/)).toBeTruthy();
    expect(
      screen.getByText(
        'This file holds the first 1,000,000 rows; more rows match: exports are limited to 1,000,000 rows for your role.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicked).toEqual(['/api/exports/v1/downloads/abc']));
    expect(sent.filter((request) => request.path.endsWith('/download-ticket'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Run again' })).toBeTruthy();
  }, 15_000); // two progress polls a second apart, as the screen really polls

  it('[X8][X17] while the engine writes the file itself, the bar follows its own percentage', async () => {
    answerExports({
      'POST /api/exports/v1/jobs/': () => ({ status: 202, body: jobAnswer() }),
      'GET /api/exports/v1/jobs/31': () => ({
        body: jobAnswer({ status: 'running', percent_done: 42.7, rows_written: 81_250, rows_estimate: null }),
      }),
    });
    renderAppAt('/csv/7/edit', analyst);
    await userEvent.click(await screen.findByRole('button', { name: 'Run export' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('43'), { timeout: 4000 });
    expect(bar.getAttribute('aria-valuetext')).toBe('About 43% done, 81,250 rows written');
  });

  it('[X9][X17] cancels a running export', async () => {
    const sent = answerExports({
      'POST /api/exports/v1/jobs/': () => ({ status: 202, body: jobAnswer() }),
      'GET /api/exports/v1/jobs/31': () => ({
        body: jobAnswer({ status: 'running', rows_estimate: 900, rows_written: 100 }),
      }),
      'POST /api/exports/v1/jobs/31/cancel': () => ({
        body: jobAnswer({ status: 'cancelled', rows_estimate: 900, rows_written: 100 }),
      }),
    });
    renderAppAt('/csv/7/edit', analyst);
    await userEvent.click(await screen.findByRole('button', { name: 'Run export' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('The export was cancelled before it finished.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sent.some((request) => request.path === '/api/exports/v1/jobs/31/cancel')).toBe(true);
  });

  it('[X14][X17] a failed run says why; past runs list expired files without a download', async () => {
    answerExports({
      'POST /api/exports/v1/jobs/': () => ({
        status: 202,
        body: jobAnswer({
          status: 'failed',
          failure_reason: 'The export was interrupted by a restart of the server. Run it again.',
        }),
      }),
      'GET /api/exports/v1/jobs/': () => ({
        body: {
          jobs: [
            jobAnswer({ id: 30, status: 'expired', rows_written: 12 }),
            jobAnswer({ id: 29, status: 'ready', rows_written: 12, file_bytes: 300 }),
          ],
        },
      }),
    });
    renderAppAt('/csv/7/edit', analyst);
    const runs = await screen.findByRole('region', { name: 'Runs of this export' });
    const items = await within(runs).findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('The file was deleted after its storage period.');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /^Download Monthly GSV by state.csv/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Run export' }));
    expect(
      await screen.findByText('The export was interrupted by a restart of the server. Run it again.'),
    ).toBeTruthy();
  });
});
