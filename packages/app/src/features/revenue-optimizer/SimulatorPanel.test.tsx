// Sliders update the result once they rest (debounced), a newer position cancels the
// request of an older one, support staff without support_write cannot save a scenario, and the
// residual payouts by level are the API's.
import { DEFAULT_ATTRITION } from '@payportal/shared/optimizer';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, type Answer } from '../../testing/answerApi.ts';
import { simulationResult } from '../../testing/simulationResult.ts';
import { READ_ONLY_REASON } from './ScenarioLibrary.tsx';
import { SimulatorPanel } from './SimulatorPanel.tsx';
import { resetSimulator } from './simulatorStore.ts';

afterEach(() => {
  cleanup();
  resetSimulator();
  vi.unstubAllGlobals();
});

const result = simulationResult;
const defaults = {
  attrition: [...DEFAULT_ATTRITION],
  sources: ['a source'],
  segmentOptions: {
    industryGroups: ['Food & Dining'],
    industries: [{ value: '5812', label: 'Restaurants', parent: 'Food & Dining' }],
    regions: ['South'],
    states: [{ value: 'TX', label: 'Texas', parent: 'South' }],
  },
};

/** The payouts by level a caller scoped to a book gets: none (the card stays away). */
const NO_PAYOUTS = {
  'POST /api/optimizer/v1/simulate/payouts': () => ({ body: { period: result(0).period, change: null } }),
};

describe('repricing simulator', () => {
  it('asks once the slider rests, cancels the superseded request, and shows the newest waterfall', async () => {
    const held: ((answer: Answer) => void)[] = [];
    const sent = answerApi({
      'POST /api/optimizer/v1/simulate': (request) => {
        const markup = (request.body as { actions: { markupBps: number } }).actions.markupBps;
        if (markup === 10) return new Promise<Answer>((resolve) => held.push(resolve));
        return { body: result(markup * 1000) };
      },
      'GET /api/optimizer/v1/scenarios/': () => ({ body: { scenarios: [] } }),
      ...NO_PAYOUTS,
    });
    render(<SimulatorPanel defaults={defaults} canSave />);
    await screen.findByText('+$100.00', { selector: 'dd' });
    const markup = screen.getByRole('slider', { name: /^Markup/ });
    fireEvent.change(markup, { target: { value: '5' } });
    fireEvent.change(markup, { target: { value: '10' } });
    await waitFor(() => expect(held).toHaveLength(1));
    const superseded = sent.findLast((request) => request.path.endsWith('/simulate'))!;
    fireEvent.change(markup, { target: { value: '20' } });
    await screen.findByText('+$20,000.00', { selector: 'dd' });
    expect(superseded.signal?.aborted).toBe(true);
    const markups = sent
      .filter((request) => request.path.endsWith('/simulate'))
      .map((request) => (request.body as { actions: { markupBps: number } }).actions.markupBps);
    expect(markups).toEqual([0, 10, 20]);
  });

  it('asks a position the API answers busy again after its Retry-After, and shows its waterfall, not an error', async () => {
    let busy = true;
    const sent = answerApi({
      'POST /api/optimizer/v1/simulate': (request) => {
        const markup = (request.body as { actions: { markupBps: number } }).actions.markupBps;
        if (markup === 30 && busy) {
          busy = false;
          return {
            status: 429,
            body: {
              error: {
                code: 'analytics/busy',
                message: 'You have too many optimizer requests running and waiting: try again in 1 s.',
              },
            },
          };
        }
        return { body: result(markup * 1000) };
      },
      'GET /api/optimizer/v1/scenarios/': () => ({ body: { scenarios: [] } }),
      ...NO_PAYOUTS,
    });
    render(<SimulatorPanel defaults={defaults} canSave />);
    await screen.findByText('+$100.00', { selector: 'dd' });
    fireEvent.change(screen.getByRole('slider', { name: /^Markup/ }), { target: { value: '30' } });
    await screen.findByText('+$30,000.00', { selector: 'dd' }, { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent.filter((request) => request.path.endsWith('/simulate'))).toHaveLength(3);
  });

  it('lets read-only support staff simulate but not save, and says why', async () => {
    answerApi({
      'POST /api/optimizer/v1/simulate': () => ({ body: result(0) }),
      'GET /api/optimizer/v1/scenarios/': () => ({ body: { scenarios: [] } }),
      ...NO_PAYOUTS,
    });
    render(<SimulatorPanel defaults={defaults} canSave={false} />);
    expect((await screen.findByRole('note')).textContent).toBe(READ_ONLY_REASON);
    expect((screen.getByRole('button', { name: 'Save scenario' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the scenario’s residual payouts by level as the API answers them, and none for a scoped caller', async () => {
    let change: { net: number; agents: number; subIsos: number; house: number } | null = {
      net: 65,
      agents: 39,
      subIsos: 0,
      house: 26,
    };
    answerApi({
      'POST /api/optimizer/v1/simulate': () => ({ body: result(0) }),
      'POST /api/optimizer/v1/simulate/payouts': () => ({ body: { period: result(0).period, change } }),
      'GET /api/optimizer/v1/scenarios/': () => ({ body: { scenarios: [] } }),
    });
    render(<SimulatorPanel defaults={defaults} canSave />);
    const levels = await screen.findByLabelText('Payouts by level');
    const shown = [...levels.querySelectorAll('div')].map((row) => row.textContent);
    expect(shown).toEqual(['Residual net+$65.00', 'Agents+$39.00', 'Sub-ISOs$0.00', 'House+$26.00']);
    cleanup();
    change = null;
    render(<SimulatorPanel defaults={defaults} canSave />);
    await screen.findByText('+$100.00', { selector: 'dd' });
    await waitFor(() => expect(screen.queryByText('Working out the payouts…')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Residual payouts by level' })).toBeNull();
  });
});
