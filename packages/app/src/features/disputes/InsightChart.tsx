// One chart of /disputes/insights: the query API's answer to its question, drawn with the dashboards'
// chart options (bars by reason, network or merchant; a line by month), with the same figures in a table
// below for every reader (the canvas is hidden from assistive technology).
import { formatCell, type QueryColumn, type QueryResult } from '@payportal/shared/analytics';
import { chartConfigSchema } from '@payportal/shared/dashboards';
import type { DisputeInsight } from '@payportal/shared/disputes';
import { useId, useMemo, useState } from 'react';
import { chartLookOf } from '../../charts/chartLook.ts';
import { chartOption, periodName } from '../../charts/chartOption.ts';
import { dimensionText } from '../../charts/dimensionText.ts';
import { EChart } from '../../charts/EChart.tsx';
import { batchedQuery } from '../../lib/queryBatch.ts';
import { retryWhenBusy } from '../../lib/retryWhenBusy.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import * as styles from './disputes.css.ts';

/** A cell as the table shows it: a month by name, a network or reason in words, a figure in its format. */
export function insightCell(value: QueryResult['rows'][number][number], column: QueryColumn): string {
  if (column.type === 'date' && typeof value === 'string') return periodName(value, 'month');
  if (column.format === null && typeof value === 'string') return dimensionText(column.name, value) ?? value;
  return formatCell(value, column);
}

/** The answer without its counts (the merchants' open disputes): the chart's one axis is in percent. */
function ratesOnly(result: QueryResult): QueryResult {
  const kept = result.columns.flatMap((column, at) =>
    column.format === null || column.format === 'percent' ? [at] : [],
  );
  return {
    ...result,
    columns: kept.map((at) => result.columns[at]!),
    rows: result.rows.map((row) => kept.map((at) => row[at]!)),
  };
}

export function InsightChart({ insight }: { insight: DisputeInsight }) {
  const id = useId();
  // In one batch with the other charts' questions, asked again after its Retry-After when refused as busy (as a dashboard's).
  const ask = (signal: AbortSignal) => retryWhenBusy(() => batchedQuery(insight.query, signal), signal);
  const answer = useDebouncedRequest(insight.id, ask, {
    delayMs: 0,
    failure: 'These figures could not be loaded.',
  });
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [drawn, setDrawn] = useState(false);
  const option = useMemo(() => {
    if (!host || !answer.data || answer.data.rows.length === 0) return null;
    const config = chartConfigSchema.parse({ type: insight.chart, title: insight.title, query: insight.query });
    const option = chartOption(config, ratesOnly(answer.data), chartLookOf(host));
    // The three rates' legend goes on top: on a phone it takes two lines, which the bottom's room (made for
    // one) would lay over the turned month and merchant names.
    return {
      ...option,
      legend: { ...(option.legend as object), top: 0, bottom: undefined },
      grid: { ...(option.grid as object), top: 56, bottom: 8 },
    };
  }, [host, answer.data, insight]);
  const result = answer.data;

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-insight={insight.id}>
      <h2 id={`${id}-title`}>{insight.title}</h2>
      {answer.error && (
        <div role="alert" className={styles.danger}>
          {answer.error}{' '}
          <button type="button" className={secondaryButton} onClick={answer.retry}>
            Try again
          </button>
        </div>
      )}
      {!result && !answer.error && <p role="status">Loading…</p>}
      {result && result.rows.length === 0 && <p>No disputes yet.</p>}
      {/* data-drawn: the chart has drawn its answer (the browser test waits for it). */}
      <div ref={setHost} aria-hidden="true" data-drawn={drawn}>
        {option && <EChart option={option} className={styles.insightCanvas} onDrawn={() => setDrawn(true)} />}
      </div>
      {result && result.rows.length > 0 && (
        <div className={styles.tableScroll}>
          <table className={styles.insightTable} aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                {result.columns.map((column) => (
                  <th key={column.name} scope="col" className={column.format ? styles.numeric : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, at) => (
                    <td key={at} className={result.columns[at]!.format ? styles.numeric : undefined}>
                      {insightCell(value, result.columns[at]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
