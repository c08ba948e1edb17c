// One chart on a dashboard: its own loading, empty and error states through the
// loading indicator, the time of its data, "view as table", drill-down along the fixed hierarchies
// (a merchant opens /amla?merchant=…), and its exports: PNG, CSV, open in query builder, copy.
import { DIMENSIONS } from '@payportal/shared/analytics';
import {
  CHART_TYPE_LABELS,
  drillHierarchyOf,
  isDrillable,
  merchantPageHref,
  type DashboardChart,
  type DashboardFilters,
} from '@payportal/shared/dashboards';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ChartInstance } from '../../charts/EChart.tsx';
import { paths } from '../../lib/paths.ts';
import { dimensionText } from '../../charts/dimensionText.ts';
import { firstDayIn, periodNotes, periodsOf } from '../../charts/periodMarks.ts';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { ChartBody } from './ChartBody.tsx';
import { fileName, saveCsv, saveFile } from './chartFiles.ts';
import { chartQueries } from './chartQueries.ts';
import { shownTitle } from './chartTitle.ts';
import * as styles from './dashboards.css.ts';
import { openInQueryBuilder } from './openInQueryBuilder.ts';
import { useChartData } from './useChartData.ts';

export interface ChartCardProps {
  dashboardId: number;
  chart: DashboardChart;
  filters: DashboardFilters;
  drillPath: readonly string[];
  onDrill: (path: string[]) => void;
  refreshKey: number;
  canEdit: boolean;
  today: string;
}

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

export function ChartCard({
  dashboardId,
  chart,
  filters,
  drillPath,
  onDrill,
  refreshKey,
  canEdit,
  today,
}: ChartCardProps) {
  const { config } = chart;
  const [, navigate] = useLocation();
  const [asTable, setAsTable] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [instance, setInstance] = useState<ChartInstance | null>(null);
  const queries = useMemo(() => chartQueries(config, filters, drillPath, today), [config, filters, drillPath, today]);
  const data = useChartData(queries, refreshKey);
  const answers = data.status === 'ready' ? data.data : null;
  const answerKey = answers ? answers.at.toISOString() : null;
  const markDrawn = useCallback(() => setDrawn(answerKey), [answerKey]);
  const titleId = `chart-${chart.id}-title`;
  const shown = shownTitle(config.title, queries.range, config.type === 'kpi');
  const drillable = queries.drill !== null || isDrillable(config.type, config.query);

  const pick = drillable
    ? (name: string) => {
        if (queries.drill?.atMerchant && answers) {
          const column = (wanted: string) => answers.main.columns.findIndex((c) => c.name === wanted);
          const row = answers.main.rows.find((cells) => cells[column('merchant_name')] === name);
          if (row) navigate(merchantPageHref(String(row[column('merchant_id')])));
        } else onDrill([...drillPath, valueShownAs(name)]);
      }
    : undefined;

  const hierarchy = drillHierarchyOf(config.query) ?? [];
  // A chart names an industry "5812 Eating Places and Restaurants"; the drill-down filters by "5812".
  const level = queries.drill?.level ?? config.query.dimensions[0];
  const valueShownAs = (name: string) =>
    answers?.main.rows
      .map((row) => row[answers.main.columns.findIndex((c) => c.name === level)])
      .find((cell) => cell != null && (String(cell) === name || dimensionText(level, String(cell)) === name))
      ?.toString() ?? name;
  const drillText = (value: string, index: number) => dimensionText(hierarchy[index], value) ?? value;

  return (
    <section
      className={styles.chartCard}
      aria-labelledby={titleId}
      data-chart-state={data.status === 'error' ? 'error' : answers && drawn === answerKey ? 'drawn' : 'loading'}
    >
      <header className={styles.chartHeader}>
        <div className={styles.chartHeading}>
          <h2 id={titleId} className={styles.chartTitle}>
            {shown.title}
          </h2>
          {shown.period && <p className={styles.chartPeriod}>{shown.period}</p>}
          {drillPath.length > 0 && (
            <nav aria-label={`Drill-down of ${config.title}`} className={styles.breadcrumb}>
              <button type="button" className={styles.linkButton} onClick={() => onDrill([])}>
                All {DIMENSIONS[hierarchy[0]!]?.label.toLowerCase()}s
              </button>
              {drillPath.map((value, index) => (
                <span key={value}>
                  {' › '}
                  {index === drillPath.length - 1 ? (
                    <span aria-current="page">{drillText(value, index)}</span>
                  ) : (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => onDrill(drillPath.slice(0, index + 1))}
                    >
                      {drillText(value, index)}
                    </button>
                  )}
                </span>
              ))}
            </nav>
          )}
        </div>
        <details className={styles.menu}>
          <summary className={styles.menuButton} aria-label={`Actions for ${config.title}`}>
            ⋯
          </summary>
          {/* Closes after its action, so "View as table" shows the table, not the menu over it. */}
          <div
            className={styles.menuList}
            onClick={(event) =>
              (event.target as Element).closest('button, a') &&
              event.currentTarget.closest('details')?.removeAttribute('open')
            }
          >
            {config.type !== 'table' && config.type !== 'kpi' && (
              <button type="button" onClick={() => setAsTable((value) => !value)}>
                {asTable ? 'View as chart' : 'View as table'}
              </button>
            )}
            <button
              type="button"
              disabled={!instance || asTable}
              onClick={() =>
                saveFile(
                  `${fileName(shown.title)}.png`,
                  instance!.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
                )
              }
            >
              Download PNG
            </button>
            <button
              type="button"
              disabled={!answers}
              onClick={() =>
                saveCsv(
                  shown.title,
                  answers!.main,
                  periodNotes(
                    answers!.main,
                    periodsOf(queries.main, queries.range, today, firstDayIn(answers!.coverage)),
                  ),
                )
              }
            >
              Download CSV
            </button>
            <button type="button" onClick={() => openInQueryBuilder(config.title, queries.main, navigate)}>
              Open in query builder
            </button>
            <Link href={paths.chartCopy(String(dashboardId), String(chart.id))}>Copy chart</Link>
            {canEdit && <Link href={paths.chartEdit(String(dashboardId), String(chart.id))}>Edit chart</Link>}
          </div>
        </details>
      </header>
      {answers ? (
        <ChartBody
          config={config}
          queries={queries}
          today={today}
          answers={answers}
          asTable={asTable}
          onPick={pick}
          pickLabel={queries.drill?.atMerchant ? 'Open the merchant' : 'Drill down'}
          onDrawn={markDrawn}
          onInstance={setInstance}
        />
      ) : (
        <LoadingIndicator
          show={data.status === 'loading'}
          error={data.error}
          cta={{ label: 'Try again', onClick: data.retry }}
          stretch
          label={`Loading ${config.title}`}
        />
      )}
      <footer className={styles.chartFooter}>
        <span>
          {CHART_TYPE_LABELS[config.type]}
          {drillable && !queries.drill?.atMerchant
            ? ` · select a ${config.type === 'heatmap' ? 'cell' : config.type === 'pie' ? 'slice' : 'bar'} to drill down`
            : queries.drill?.atMerchant
              ? ' · select a merchant to open it'
              : ''}
        </span>
        {answers && <span>Data as of {time.format(answers.at)}</span>}
      </footer>
    </section>
  );
}
