// /dashboard/{id}/chart/new and /dashboard/{id}/chart/{chartId}/edit: the chart builder
//. Its cards follow the spec's chart card parts (details, entry, metric, plotting)
// and chart fields (compound with searches, date, select, toggle); the preview beside it asks the
// query API as the choices change (debounced), exactly as the dashboard will.
import type { CatalogueResponse } from '@payportal/shared/analytics';
import type { DashboardChart } from '@payportal/shared/dashboards';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { paths } from '../../lib/paths.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { fetchCatalogue } from '../query-builder/index.ts';
import { ChartBody } from './ChartBody.tsx';
import { ChartFields } from './ChartFields.tsx';
import { checkDraft, configToDraft, emptyDraft, type ChartDraft } from './chartDraft.ts';
import { chartQueries } from './chartQueries.ts';
import { createChart, saveChart } from './dashboardsApi.ts';
import * as styles from './dashboards.css.ts';
import { useChartData } from './useChartData.ts';
import { useDashboard } from './useDashboard.ts';
import { useWriteAction } from './useWriteAction.ts';
import { NotFound } from '../../ui/NotFound.tsx';

const PREVIEW_DELAY_MS = 400;
const noop = () => undefined;

export function ChartBuilderScreen({ id, chartId }: { id: string; chartId?: string }) {
  const loaded = useDashboard(id);
  const { dashboard } = loaded;
  const chart = chartId === undefined ? null : (dashboard?.charts.find((c) => String(c.id) === chartId) ?? null);
  if (loaded.notFound)
    return (
      <NotFound
        title="Dashboard not found"
        message="This dashboard was not found."
        detail="It does not exist, or it belongs to another organisation."
        back={{ label: 'All dashboards', href: paths.dashboards() }}
      />
    );
  if (loaded.error) return <LoadingIndicator show={false} error={loaded.error} />;
  if (!dashboard) return <LoadingIndicator show label="Loading the chart builder" />;
  if (chartId !== undefined && !chart)
    return (
      <NotFound
        title="Chart not found"
        message="This chart was not found."
        detail="The dashboard has no such chart: it may have been removed."
        back={{ label: `Back to ${dashboard.title}`, href: paths.dashboard(String(dashboard.id)) }}
      />
    );
  if (!dashboard.can_edit)
    return (
      <p role="alert" className={styles.alert}>
        Only the dashboard’s creator or an organisation owner may change it.
      </p>
    );
  return <Builder key={chartId ?? 'new'} dashboardId={dashboard.id} dashboardTitle={dashboard.title} chart={chart} />;
}

function Builder({
  dashboardId,
  dashboardTitle,
  chart,
}: {
  dashboardId: number;
  dashboardTitle: string;
  chart: DashboardChart | null;
}) {
  const [draft, setDraft] = useState<ChartDraft>(() => (chart ? configToDraft(chart.config) : emptyDraft()));
  const [, navigate] = useLocation();
  const write = useWriteAction();
  const catalogue = useDebouncedRequest<CatalogueResponse>('catalogue', (signal) => fetchCatalogue(signal), {
    delayMs: 0,
    failure: 'The list of metrics could not be loaded.',
  });
  const checked = useMemo(() => checkDraft({ ...draft, title: draft.title.trim() || 'Preview' }), [draft]);
  const today = new Date().toISOString().slice(0, 10);
  const queries = useMemo(
    () => (checked.config ? chartQueries(checked.config, {}, [], today) : null),
    [checked.config, today],
  );
  const preview = useChartData(queries, 0, PREVIEW_DELAY_MS);
  const [drawnFor, setDrawnFor] = useState<unknown>(null);
  const drawn = preview.data !== null && drawnFor === preview.data;

  const save = async () => {
    const final = checkDraft(draft);
    if (!final.config) return;
    const saved = await write.run(
      () => (chart ? saveChart(dashboardId, chart.id, final.config) : createChart(dashboardId, final.config)),
      'Chart saved.',
    );
    if (saved) navigate(paths.dashboardEdit(String(dashboardId)));
  };
  const titleProblem = !draft.title.trim() ? 'Give the chart a title.' : null;

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>{chart ? 'Edit chart' : 'New chart'}</h1>
          <p className={styles.subtitle}>On “{dashboardTitle}”</p>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={primaryButton}
            disabled={write.busy || checked.config === null || titleProblem !== null}
            onClick={() => void save()}
          >
            Save chart
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => navigate(paths.dashboardEdit(String(dashboardId)))}
          >
            Cancel
          </button>
        </div>
      </div>
      {write.message && (
        <p role="status" className={styles.notice}>
          {write.message}
        </p>
      )}
      <div className={styles.builderLayout}>
        <ChartFields draft={draft} onChange={setDraft} catalogue={catalogue.data} />
        <section
          className={`${styles.chartCard} ${styles.preview}`}
          aria-label="Preview"
          data-chart-state={preview.status === 'ready' && drawn ? 'drawn' : preview.status}
        >
          <h2 className={styles.chartTitle}>{draft.title.trim() || 'Preview'}</h2>
          {checked.problem ? (
            <p role="alert" className={styles.alert}>
              {checked.problem}
            </p>
          ) : preview.data && checked.config && queries ? (
            <ChartBody
              config={checked.config}
              queries={queries}
              today={today}
              answers={preview.data}
              asTable={false}
              onDrawn={() => setDrawnFor(preview.data)}
              onPick={noop}
            />
          ) : (
            <LoadingIndicator
              show={preview.status === 'loading'}
              error={preview.error}
              cta={{ label: 'Try again', onClick: preview.retry }}
              stretch
              label="Loading the preview"
            />
          )}
          {titleProblem && <p className={styles.meta}>{titleProblem}</p>}
        </section>
      </div>
    </div>
  );
}
