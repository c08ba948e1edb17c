// Regulatory what-ifs: each rule's interchange change on the trailing 12 months, and
// who keeps it: IC++ merchants (passed through) or the acquirer (blended, tiered and flat margins).
import { REGULATORY_LABELS } from '@payportal/shared/optimizer';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { count, money, periodText, signedMoney } from './formatFigures.ts';
import { fetchRegulatory } from './optimizerApi.ts';
import { AnswerPending } from './AnswerPending.tsx';
import * as css from './optimizer.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';

export function RegulatoryPanel() {
  const answer = useDebouncedRequest('regulatory', (signal) => fetchRegulatory(signal), {
    delayMs: 0,
    failure: 'The what-ifs could not be loaded. Try again.',
  });
  const data = answer.data;
  if (answer.error || !data) return <AnswerPending error={answer.error} />;
  return (
    <section className={css.card} aria-labelledby="what-ifs">
      <h2 id="what-ifs" className={css.cardTitle}>
        Regulatory what-ifs
      </h2>
      <GridScroll label="Regulatory what-ifs, scrollable">
        <table className={css.table} aria-label="Regulatory what-ifs">
          <thead>
            <tr>
              <th>Rule</th>
              <th className={css.numeric}>Sales affected</th>
              <th className={css.numeric}>GSV affected</th>
              <th className={css.numeric}>Interchange change</th>
              <th className={css.numeric}>IC++ merchants’ bills</th>
              <th className={css.numeric}>Blended margin</th>
            </tr>
          </thead>
          <tbody>
            {data.scenarios.map((row) => (
              <tr key={row.scenario}>
                <th scope="row">{REGULATORY_LABELS[row.scenario]}</th>
                <td className={css.numeric}>{count(row.affectedSales)}</td>
                <td className={css.numeric}>{money(row.affectedGsv)}</td>
                <td className={css.numeric}>{signedMoney(row.interchangeChange)}</td>
                <td className={css.numeric}>{signedMoney(row.icPlusPlusPassThrough)}</td>
                <td className={css.numeric}>{signedMoney(row.blendedMarginChange)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </GridScroll>
      <p
        className={css.hint}
      >{`Sales of ${periodText(data.period)}, repriced under each rule. IC++ bills pass interchange through; blended, tiered and flat plans keep their price, so the acquirer keeps the difference.`}</p>
    </section>
  );
}
