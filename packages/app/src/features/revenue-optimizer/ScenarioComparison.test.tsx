// Saved scenarios side by side: each column is the API's answer for that scenario, and the table says
// which period its money covers, as every other figure of the optimizer does.
import type { SavedScenario } from '@payportal/shared/optimizer';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { simulationResult } from '../../testing/simulationResult.ts';
import { ScenarioComparison } from './ScenarioComparison.tsx';
import { simulator } from './simulatorStore.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = (id: number, name: string, markupBps: number): SavedScenario => ({
  id,
  name,
  definition: { ...simulator.definition, actions: { ...simulator.definition.actions, markupBps } },
  owner: { id: 1, name: 'Olivia Owner' },
  created_at: '2026-11-01T00:00:00Z',
});

it('compares each scenario’s expected 12-month value and names the sales it is simulated on', async () => {
  answerApi({
    'POST /api/optimizer/v1/simulate': (request) => ({
      body: simulationResult((request.body as { actions: { markupBps: number } }).actions.markupBps * 100),
    }),
  });
  render(<ScenarioComparison scenarios={[saved(1, 'Plus 20', 20), saved(2, 'Plus 40', 40)]} />);
  const net = await screen.findByRole('row', { name: /^Net/ });
  expect(net.textContent).toBe('Net+$2,000.00+$4,000.00');
  screen.getByText(
    'Uplift, attrition loss and net: the expected 12-month value, from the sales of 1 Oct 2025 – 30 Sep 2026.',
  );
});
