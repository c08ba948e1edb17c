// Two or more saved scenarios side by side: each simulated afresh on today's data, its money the expected
// 12-month value (as the simulator's waterfall), the sales it is simulated on named under the table.
import type { SavedScenario, SimulationResult } from '@payportal/shared/optimizer';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { count, periodText, signedMoney } from './formatFigures.ts';
import { simulate } from './optimizerApi.ts';
import { AnswerPending } from './AnswerPending.tsx';
import * as css from './optimizer.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';

const ROWS: [string, (result: SimulationResult) => string][] = [
  ['Merchants affected', (result) => count(result.affected)],
  ['Gross uplift', (result) => signedMoney(result.waterfall.grossUplift)],
  ['Expected attrition loss', (result) => signedMoney(-result.waterfall.attritionLoss)],
  ['Net', (result) => signedMoney(result.waterfall.net)],
  ['Over the tolerance', (result) => count(result.overTolerance.count)],
];

export function ScenarioComparison({ scenarios }: { scenarios: SavedScenario[] }) {
  const key = scenarios.length >= 2 ? scenarios.map((scenario) => scenario.id).join(',') : null;
  const results = useDebouncedRequest(
    key,
    (signal) => Promise.all(scenarios.map((scenario) => simulate(scenario.definition, signal))),
    { delayMs: 0, failure: 'The comparison could not be loaded.' },
  );
  if (key === null) return null;
  if (results.error || !results.data || results.data.length !== scenarios.length)
    return <AnswerPending error={results.error} waiting="Comparing…" />;
  const answers = results.data;
  return (
    <>
      <GridScroll label="Scenario comparison, scrollable">
        <table className={css.table} aria-label="Scenario comparison">
          <thead>
            <tr>
              <th>Figure</th>
              {scenarios.map((scenario) => (
                <th key={scenario.id} className={css.numeric}>
                  {scenario.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, cell]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {answers.map((result, index) => (
                  <td key={scenarios[index]!.id} className={css.numeric}>
                    {cell(result)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </GridScroll>
      <p
        className={css.hint}
      >{`Uplift, attrition loss and net: the expected 12-month value, from the sales of ${periodText(answers[0]!.period)}.`}</p>
    </>
  );
}
