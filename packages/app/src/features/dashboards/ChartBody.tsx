// What a chart card draws for an answer: the KPI tile, the table, or an ECharts chart with its
// accessible summary; the empty state when the answer has no rows.
import type { ChartConfig } from '@payportal/shared/dashboards';
import { useEffect, useMemo, useState } from 'react';
import { chartLookOf } from '../../charts/chartLook.ts';
import { chartOption, periodName } from '../../charts/chartOption.ts';
import { chartSummary } from '../../charts/chartSummary.ts';
import { EChart, type ChartInstance } from '../../charts/EChart.tsx';
import { firstDayIn, periodNotes, periodsOf } from '../../charts/periodMarks.ts';
import { ChartTable } from './ChartTable.tsx';
import { KpiTile } from './KpiTile.tsx';
import type { ChartQueries } from './chartQueries.ts';
import type { ChartAnswers } from './useChartData.ts';
import * as styles from './dashboards.css.ts';

export interface ChartBodyProps {
  config: ChartConfig;
  /** What the chart asked: its range and, for a KPI tile, what it is compared with. */
  queries: ChartQueries;
  /** The day the presets were resolved against (partial periods are marked from it). */
  today: string;
  answers: ChartAnswers;
  asTable: boolean;
  onPick?: (name: string) => void;
  /** What a pick does, in words ("Drill into", "Open the merchant"). */
  pickLabel?: string;
  onDrawn: () => void;
  onInstance?: (chart: ChartInstance | null) => void;
}

export function ChartBody({
  config,
  queries,
  today,
  answers,
  asTable,
  onPick,
  pickLabel,
  onDrawn,
  onInstance,
}: ChartBodyProps) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const look = useMemo(() => (host ? chartLookOf(host) : null), [host]);
  const empty = answers.main.rows.length === 0;
  const tableLike = empty || asTable || config.type === 'table';
  useEffect(() => {
    if (tableLike) onDrawn();
  }, [tableLike, onDrawn, answers]);
  const dataFrom = firstDayIn(answers.coverage);
  const periods = useMemo(
    () => (config.type === 'kpi' ? null : periodsOf(queries.main, queries.range, today, dataFrom)),
    [config.type, queries, today, dataFrom],
  );
  const notes = useMemo(() => periodNotes(answers.main, periods), [answers.main, periods]);
  const option = useMemo(
    () => (look && !tableLike && config.type !== 'kpi' ? chartOption(config, answers.main, look, periods) : null),
    [look, tableLike, config, answers.main, periods],
  );

  return (
    <div ref={setHost} className={styles.chartBody}>
      {empty ? (
        <p className={styles.empty}>No data for these filters.</p>
      ) : tableLike ? (
        <ChartTable
          result={answers.main}
          caption={config.title}
          periodNotes={notes}
          onPick={config.type === 'table' ? undefined : onPick}
          pickLabel={pickLabel}
        />
      ) : config.type === 'kpi' ? (
        look && (
          <KpiTile
            main={answers.main}
            previous={answers.previous}
            comparedWith={queries.comparison}
            coverage={answers.coverage}
            spark={answers.spark}
            look={look}
            onDrawn={onDrawn}
          />
        )
      ) : (
        <>
          <p className={styles.visuallyHidden}>{chartSummary(config, answers.main)}</p>
          {option && (
            <EChart
              option={option}
              onPick={onPick}
              onDrawn={onDrawn}
              onInstance={onInstance}
              className={styles.canvas}
            />
          )}
          {notes.size > 0 && <PeriodKey notes={notes} granularity={queries.main.timeDimension?.granularity} />}
        </>
      )}
    </div>
  );
}

/** Says what the hatched bars and dashed lines mean, and (for screen readers) each such period's reason. */
function PeriodKey({ notes, granularity }: { notes: Map<string, string>; granularity: string | undefined }) {
  const unit = granularity === 'day' ? 'day' : 'period';
  return (
    <p className={styles.periodKey}>
      Hatched bars and dashed lines: a {unit} not yet whole or final (
      {[...notes.keys()].map((label) => periodName(label, granularity)).join(', ')}); hover or tap one to see why.
      <span className={styles.visuallyHidden}>
        {' '}
        {[...notes].map(([label, note]) => `${periodName(label, granularity)}: ${note}.`).join(' ')}
      </span>
    </p>
  );
}
