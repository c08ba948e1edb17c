// /residuals/{nodeId}: one partner's statement of a month: a line per merchant (sales and
// volume, income, interchange and scheme fees, Schedule A, net, the partner's share and payout), then its
// adjustments and the total, and its CSV and PDF. Another book's statement is not found (the API answers 404).
import { useLocation, useSearch, Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { Figures } from './Figures.tsx';
import { MonthPicker } from './MonthPicker.tsx';
import { StatementFiles } from './StatementFiles.tsx';
import { StatementLines } from './StatementLines.tsx';
import { fetchMerchantLines } from './residualsApi.ts';
import { closingText, formatMoney, KIND_NAMES, monthFromSearch } from './residualWords.ts';
import * as styles from './residuals.css.ts';

export function ResidualStatementScreen({ nodeId }: { nodeId: string }) {
  const [, navigate] = useLocation();
  const month = monthFromSearch(useSearch());
  const statement = useRequest(
    `residual-statement-${nodeId}-${month}`,
    (signal) => fetchMerchantLines(nodeId, month, signal),
    'The statement could not be loaded. Please try again.',
  );
  const shown = statement.data?.month === month && statement.data.node.code === nodeId ? statement.data : null;
  return (
    <div className={styles.screen}>
      <p>
        <Link to={paths.residuals(month)}>← Residuals</Link>
      </p>
      <h1 className={styles.title}>{shown ? `${shown.node.name} (${shown.node.code})` : `Statement ${nodeId}`}</h1>
      {shown && (
        <p className={styles.intro}>
          {KIND_NAMES[shown.node.kind]} · {closingText(shown.closing)}
        </p>
      )}
      <div className={styles.toolbar}>
        <MonthPicker month={month} onChange={(next) => navigate(paths.residualStatement(nodeId, next))} />
      </div>
      <p role="status" className={styles.status}>
        {!shown && !statement.error ? 'Loading the statement…' : ''}
      </p>
      {statement.error && (
        <p role="alert" className={styles.danger}>
          {statement.error}
        </p>
      )}
      {shown && (
        <>
          <section className={styles.card} aria-labelledby="statement-totals">
            <h2 id="statement-totals">Totals</h2>
            <Figures
              label="Totals"
              items={[
                ['Merchants', String(shown.totals.merchants)],
                ['Net', formatMoney(shown.totals.net)],
                ['Payouts', formatMoney(shown.totals.payouts)],
                ['Adjustments', formatMoney(shown.totals.adjustments)],
                ['Total paid', formatMoney(shown.totals.total)],
              ]}
            />
          </section>
          <section className={styles.card} aria-labelledby="statement-merchants">
            <h2 id="statement-merchants">Merchants</h2>
            <StatementLines lines={shown.lines} totals={shown.totals} />
          </section>
          <section className={styles.card} aria-labelledby="statement-adjustments">
            <h2 id="statement-adjustments">Adjustments</h2>
            {shown.adjustments.length === 0 ? (
              <p className={styles.intro}>No adjustments this month.</p>
            ) : (
              <ul>
                {shown.adjustments.map((adjustment, index) => (
                  <li key={index}>
                    {adjustment.memo}: {adjustment.kind === 'expense' ? '−' : ''}
                    {formatMoney(adjustment.amount)}
                    {adjustment.mid && ` (${adjustment.mid})`}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <StatementFiles key={`${nodeId}-${month}`} node={nodeId} month={month} />
        </>
      )}
    </div>
  );
}
