// Beside the portfolio's net, what the scenario does to residual payouts by level: the
// expected change over the same 12 months with its attrition, of the residual net (after Schedule A) and
// of what agents, sub-ISOs and the house receive of it. Asked on its own, after the simulation, as the
// sliders rest: a whole year of statements takes longer than the simulation.
import type { ScenarioPayouts } from '@payportal/shared/optimizer';
import { retryWhenBusy } from '../../lib/retryWhenBusy.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { signedMoney } from './formatFigures.ts';
import * as css from './optimizer.css.ts';
import { simulatePayouts } from './optimizerApi.ts';

const LEVELS: [string, keyof NonNullable<ScenarioPayouts['change']>][] = [
  ['Residual net', 'net'],
  ['Agents', 'agents'],
  ['Sub-ISOs', 'subIsos'],
  ['House', 'house'],
];

export function PayoutLevels({ definitionKey, delayMs }: { definitionKey: string; delayMs: number }) {
  const answer = useDebouncedRequest(
    definitionKey,
    (signal) => retryWhenBusy(() => simulatePayouts(JSON.parse(definitionKey), signal), signal),
    { delayMs, failure: 'The payouts by level could not be worked out. Try again.' },
  );
  if (answer.data && answer.data.change === null) return null;
  const change = answer.data?.change;
  return (
    <section
      className={`${css.card} ${answer.status === 'loading' ? css.busy : ''}`}
      aria-labelledby="payout-levels"
      aria-busy={answer.status === 'loading'}
    >
      <h2 id="payout-levels" className={css.cardTitle}>
        Residual payouts by level
      </h2>
      {answer.error && (
        <p className={css.alert} role="alert">
          {answer.error}
        </p>
      )}
      {change ? (
        <dl className={css.figures} aria-label="Payouts by level">
          {LEVELS.map(([label, level]) => (
            <div key={level} className={css.figure}>
              <dt>{label}</dt>
              <dd>{signedMoney(change[level])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        !answer.error && <p className={css.hint}>Working out the payouts…</p>
      )}
      <p className={css.hint}>
        The expected change over the same 12 months with the attrition above: the net after Schedule A, and each level’s
        share of it at the splits in force.
      </p>
    </section>
  );
}
