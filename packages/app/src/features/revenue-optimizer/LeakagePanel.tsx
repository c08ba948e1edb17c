// Interchange leakage: what sales billed above their target programme (downgrades, and
// the general programme where the MCC qualifies for a cheaper one) cost, by cause, and the merchants who
// could recover most. Every figure is a month's average over the trailing complete months, said once
// under the headline, with the period's whole total beside it.
import { LEAKAGE_CAUSE_LABELS } from '@payportal/shared/optimizer';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { BarList } from './BarList.tsx';
import { count, money, percent, periodText } from './formatFigures.ts';
import { fetchLeakage } from './optimizerApi.ts';
import { AnswerPending } from './AnswerPending.tsx';
import * as css from './optimizer.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';

export function LeakagePanel() {
  const answer = useDebouncedRequest('leakage', (signal) => fetchLeakage(signal), {
    delayMs: 0,
    failure: 'Leakage could not be loaded. Try again.',
  });
  const data = answer.data;
  if (answer.error || !data) return <AnswerPending error={answer.error} />;
  return (
    <div className={css.column}>
      <section className={css.card} aria-labelledby="leakage-causes">
        <h2 id="leakage-causes" className={css.cardTitle}>{`Leakage: ${money(data.total / data.months)} a month`}</h2>
        <p
          className={css.hint}
        >{`A month on average over the ${data.months} complete months ${periodText(data.period)} (${money(data.total)} in all), here and by merchant below.`}</p>
        <BarList
          label="Leakage by cause, a month"
          bars={data.causes.map((cause) => ({
            label: LEAKAGE_CAUSE_LABELS[cause.cause],
            value: cause.leakage,
            text: money(cause.leakage / data.months),
            loss: true,
          }))}
        />
        <p className={css.hint}>Actual − target interchange of sales billed above their target programme.</p>
      </section>
      <section className={css.card} aria-labelledby="leaking-merchants">
        <h2 id="leaking-merchants" className={css.cardTitle}>
          Merchants by recoverable dollars a month
        </h2>
        <p
          className={css.hint}
        >{`Recoverable: a month on average over ${periodText(data.period)}; sales above target: in all over that period.`}</p>
        <GridScroll label="Leaking merchants, scrollable">
          <table className={css.table} aria-label="Leaking merchants">
            <thead>
              <tr>
                <th>Merchant</th>
                <th className={css.numeric}>Recoverable a month</th>
                <th className={css.numeric}>Sales above target</th>
                <th className={css.wrapping}>Main cause</th>
              </tr>
            </thead>
            <tbody>
              {data.merchants.map((row) => (
                <tr key={row.merchantId}>
                  <td>{row.name}</td>
                  <td className={css.numeric}>{money(row.recoverablePerMonth)}</td>
                  <td className={css.numeric}>{count(row.leakingSales)}</td>
                  <td
                    className={css.wrapping}
                  >{`${LEAKAGE_CAUSE_LABELS[row.mainCause]} (${percent(row.mainCauseShare)})`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </GridScroll>
      </section>
    </div>
  );
}
