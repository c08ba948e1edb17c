// What a scenario does over the trailing 12 months: the waterfall from gross uplift
// through expected attrition loss to net, the distribution of effective-rate change, and the merchants
// whose rate rises past the tolerance.
import type { SimulationResult } from '@payportal/shared/optimizer';
import { BarList } from './BarList.tsx';
import { bps, count, money, percent, periodText, signedMoney } from './formatFigures.ts';
import * as css from './optimizer.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';

export function SimulationResults({
  result,
  busy,
  toleranceBps,
}: {
  result: SimulationResult;
  busy: boolean;
  toleranceBps: number;
}) {
  const { waterfall } = result;
  return (
    <div className={`${css.column} ${busy ? css.busy : ''}`} aria-busy={busy}>
      <section className={css.card} aria-labelledby="waterfall">
        <h2 id="waterfall" className={css.cardTitle}>
          Expected 12-month value
        </h2>
        <dl className={css.figures}>
          <div className={css.figure}>
            <dt>Gross uplift</dt>
            <dd>{signedMoney(waterfall.grossUplift)}</dd>
          </div>
          <div className={css.figure}>
            <dt>Expected attrition loss</dt>
            <dd>{signedMoney(-waterfall.attritionLoss)}</dd>
          </div>
          <div className={css.figure}>
            <dt>Net</dt>
            <dd>{signedMoney(waterfall.net)}</dd>
          </div>
        </dl>
        <BarList
          label="Waterfall"
          bars={[
            { label: 'Gross uplift', value: waterfall.grossUplift, text: signedMoney(waterfall.grossUplift) },
            {
              label: 'Attrition loss',
              value: waterfall.attritionLoss,
              text: signedMoney(-waterfall.attritionLoss),
              loss: true,
            },
            { label: 'Net', value: waterfall.net, text: signedMoney(waterfall.net), loss: waterfall.net < 0 },
          ]}
        />
        <p className={css.hint}>
          {`${count(result.affected)} of ${count(result.merchants)} merchants change; ${money(result.gsv)} GSV and ${money(result.baseRevenue)} net revenue over ${periodText(result.period)}.`}
        </p>
      </section>
      <section className={css.card} aria-labelledby="rate-change">
        <h2 id="rate-change" className={css.cardTitle}>
          Effective-rate change
        </h2>
        <BarList
          label="Merchants by effective-rate change (bps)"
          bars={result.distribution.map((bucket) => ({
            label: `${bucket.bucket} bps`,
            value: bucket.merchants,
            text: count(bucket.merchants),
          }))}
        />
      </section>
      <section className={css.card} aria-labelledby="over-tolerance">
        <h2
          id="over-tolerance"
          className={css.cardTitle}
        >{`Over the ${toleranceBps} bps tolerance: ${count(result.overTolerance.count)} merchants`}</h2>
        {result.overTolerance.merchants.length > 0 && (
          <GridScroll label="Merchants over the tolerance, scrollable">
            <table className={css.table} aria-label="Merchants over the tolerance">
              <thead>
                <tr>
                  <th>Merchant</th>
                  <th>Size tier</th>
                  <th className={css.numeric}>Rate change</th>
                  <th className={css.numeric}>Revenue change</th>
                  <th className={css.numeric}>Attrition</th>
                </tr>
              </thead>
              <tbody>
                {result.overTolerance.merchants.map((row) => (
                  <tr key={row.merchantId}>
                    <td>{row.name}</td>
                    <td>{row.sizeTier}</td>
                    <td className={css.numeric}>{`+${bps(row.rateChangeBps)}`}</td>
                    <td className={css.numeric}>{signedMoney(row.uplift)}</td>
                    <td className={css.numeric}>{`${percent(row.hazardBefore)} → ${percent(row.hazardAfter)}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </GridScroll>
        )}
      </section>
    </div>
  );
}
