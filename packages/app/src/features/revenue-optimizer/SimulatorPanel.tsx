// The repricing simulator: the scenario on the left, its result on the right. Each
// change is sent once the sliders rest for 250 ms, and a newer change cancels the request of an older one;
// a position the API answers busy (analytics/busy) is asked again after its Retry-After.
import type { OptimizerDefaults } from '@payportal/shared/optimizer';
import { useSnapshot } from 'valtio';
import { retryWhenBusy } from '../../lib/retryWhenBusy.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { AttritionTable } from './AttritionTable.tsx';
import { ScenarioControls } from './ScenarioControls.tsx';
import { PayoutLevels } from './PayoutLevels.tsx';
import { ScenarioLibrary } from './ScenarioLibrary.tsx';
import { SimulationResults } from './SimulationResults.tsx';
import { simulate } from './optimizerApi.ts';
import * as css from './optimizer.css.ts';
import { simulator } from './simulatorStore.ts';

export const SLIDER_DEBOUNCE_MS = 250;

export function SimulatorPanel({ defaults, canSave }: { defaults: OptimizerDefaults | null; canSave: boolean }) {
  const { definition } = useSnapshot(simulator);
  const key = JSON.stringify(definition);
  const answer = useDebouncedRequest(key, (signal) => retryWhenBusy(() => simulate(JSON.parse(key), signal), signal), {
    delayMs: SLIDER_DEBOUNCE_MS,
    failure: 'The simulation could not be run. Try again.',
  });
  return (
    <div className={css.layout}>
      <div className={css.column}>
        <ScenarioControls options={defaults?.segmentOptions ?? null} />
        <AttritionTable sources={defaults?.sources ?? []} />
      </div>
      <div className={css.column}>
        {answer.error && (
          <p className={css.alert} role="alert">
            {answer.error}
          </p>
        )}
        {answer.data ? (
          <SimulationResults
            result={answer.data}
            busy={answer.status === 'loading'}
            toleranceBps={definition.toleranceBps}
          />
        ) : (
          <p className={css.hint}>Simulating…</p>
        )}
        {answer.data && <PayoutLevels definitionKey={key} delayMs={SLIDER_DEBOUNCE_MS} />}
        <ScenarioLibrary canSave={canSave} />
      </div>
    </div>
  );
}
