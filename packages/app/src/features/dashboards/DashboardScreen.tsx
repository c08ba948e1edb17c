// /dashboard/{id} (userId, is_owner) and /dashboard/{id}/edit (is_owner, userId, demo flag):
// one dashboard, its filters in the URL, its charts loading in parallel, a refresh action. Its
// creator and org owners (is_owner, or userId = the creator; the API's can_edit has the last word)
// see Edit, Add chart and Archive; in edit mode they rename it and arrange its charts.
import { searchHasFilters, type Dashboard, type LayoutItem } from '@payportal/shared/dashboards';
import { useCallback, useEffect, useState } from 'react';
import { loadEcharts } from '../../charts/loadEcharts.ts';
import { Link, useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { DemoBanner } from '../home/index.ts';
import { ChartCard } from './ChartCard.tsx';
import { DashboardGrid } from './DashboardGrid.tsx';
import { archiveDashboard, deleteChart, saveDashboard } from './dashboardsApi.ts';
import * as styles from './dashboards.css.ts';
import { FilterBar } from './FilterBar.tsx';
import { useDashboard } from './useDashboard.ts';
import { useDashboardUrl } from './useDashboardUrl.ts';
import { useWriteAction } from './useWriteAction.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { SubscribeButton } from '../alerts/index.ts';

export interface DashboardScreenProps {
  id: string;
  userId: number;
  isOwner: boolean;
  /** /dashboard/{id}/edit. */
  editing?: boolean;
  isDemo?: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

/** /dashboard/{id}/edit: the same screen in edit mode. */
export function DashboardEditScreen(props: Omit<DashboardScreenProps, 'editing'>) {
  return <DashboardScreen {...props} editing />;
}

export function DashboardScreen({ id, userId, isOwner, editing = false, isDemo = false }: DashboardScreenProps) {
  const loaded = useDashboard(id);
  const { dashboard, setDashboard } = loaded;
  const url = useDashboardUrl();
  const [, navigate] = useLocation();
  const [refreshKey, setRefreshKey] = useState(0);
  const write = useWriteAction();
  // The charts' library downloads while the dashboard and its answers load (bench:dashboard).
  useEffect(() => void loadEcharts().catch(() => undefined), []);
  const canEdit = dashboard !== null && dashboard.can_edit && (isOwner || dashboard.owner.id === userId);
  const noUrlFilters = !searchHasFilters(new URLSearchParams(url.search));
  const filters = noUrlFilters && dashboard ? dashboard.filters : url.filters;

  const arrange = useCallback(
    (layout: LayoutItem[]) => {
      if (!dashboard) return;
      setDashboard({ ...dashboard, layout });
      void write.run(
        () =>
          saveDashboard(dashboard.id, {
            title: dashboard.title,
            description: dashboard.description,
            filters: dashboard.filters,
            layout,
          }),
        'Layout saved.',
      );
    },
    [dashboard, setDashboard, write],
  );

  if (loaded.notFound)
    return (
      <NotFound
        title="Dashboard not found"
        message="This dashboard was not found."
        detail="It does not exist, or it belongs to another organisation."
        back={{ label: 'All dashboards', href: paths.dashboards() }}
      />
    );
  if (loaded.error)
    return <LoadingIndicator show={false} error={loaded.error} cta={{ label: 'Try again', onClick: loaded.retry }} />;
  if (!dashboard)
    return <LoadingIndicator show label={editing ? 'Loading the dashboard to edit' : 'Loading the dashboard'} />;

  const archive = async (archived: boolean) => {
    const saved = await write.run(
      () => archiveDashboard(dashboard.id, archived),
      archived ? 'Dashboard archived.' : 'Dashboard restored.',
    );
    if (saved) setDashboard(saved);
  };
  const removeChart = async (chartId: number) => {
    const done = await write.run(() => deleteChart(dashboard.id, chartId), 'Chart removed.');
    if (done !== null)
      setDashboard({
        ...dashboard,
        charts: dashboard.charts.filter((c) => c.id !== chartId),
        layout: dashboard.layout.filter((i) => i.chart_id !== chartId),
      });
  };

  return (
    <div className={styles.page}>
      {isDemo && editing && <DemoBanner />}
      <div className={styles.titleRow}>
        <div>
          <h1 className={styles.title}>
            {dashboard.title}
            {dashboard.archived && ' (archived)'}
          </h1>
          {dashboard.description && <p className={styles.subtitle}>{dashboard.description}</p>}
          <p className={styles.subtitle}>By {dashboard.owner.name}</p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={secondaryButton} onClick={() => setRefreshKey((key) => key + 1)}>
            Refresh
          </button>
          <SubscribeButton
            title={dashboard.title}
            source={{ kind: 'dashboard', dashboard_id: dashboard.id, filters: { ...filters } }}
            userId={userId}
          />
          {canEdit && !editing && (
            <Link href={paths.dashboardEdit(String(dashboard.id))} className={secondaryButton}>
              Edit
            </Link>
          )}
          {canEdit && editing && (
            <Link href={paths.dashboard(String(dashboard.id))} className={primaryButton}>
              Done
            </Link>
          )}
          {canEdit && (
            <Link href={paths.chartNew(String(dashboard.id))} className={secondaryButton}>
              Add chart
            </Link>
          )}
          {canEdit && (
            <button type="button" className={secondaryButton} onClick={() => void archive(!dashboard.archived)}>
              {dashboard.archived ? 'Restore' : 'Archive'}
            </button>
          )}
          <Link href={paths.dashboards()} className={secondaryButton}>
            All dashboards
          </Link>
        </div>
      </div>
      {editing && !canEdit && (
        <p role="alert" className={styles.alert}>
          Only the dashboard’s creator or an organisation owner may change it.
        </p>
      )}
      {editing && canEdit && <DashboardDetailsForm dashboard={dashboard} filters={filters} onSaved={setDashboard} />}
      {write.message && (
        <p role="status" className={styles.notice}>
          {write.message}
        </p>
      )}
      <FilterBar filters={filters} onChange={url.setFilters} />
      {dashboard.charts.length === 0 ? (
        <p className={styles.meta}>
          This dashboard has no charts yet.
          {canEdit && (
            <>
              {' '}
              <Link href={paths.chartNew(String(dashboard.id))}>Add the first chart</Link>.
            </>
          )}
        </p>
      ) : (
        <DashboardGrid
          layout={dashboard.layout}
          charts={dashboard.charts}
          onArrange={editing && canEdit ? arrange : undefined}
          onRemove={editing && canEdit ? (chart) => void removeChart(chart.id) : undefined}
          renderChart={(chart) => (
            <ChartCard
              dashboardId={dashboard.id}
              chart={chart}
              filters={filters}
              drillPath={url.drillOf(chart.id)}
              onDrill={(path) => url.setDrill(chart.id, path)}
              refreshKey={refreshKey}
              canEdit={canEdit}
              today={today()}
            />
          )}
        />
      )}
      {editing && canEdit && (
        <button
          type="button"
          className={secondaryButton}
          onClick={() =>
            void write.run(async () => {
              await saveDashboard(dashboard.id, {
                title: dashboard.title,
                description: dashboard.description,
                filters,
                layout: dashboard.layout,
              });
              navigate(paths.dashboard(String(dashboard.id)));
              return true;
            }, 'Filters saved as the dashboard’s default.')
          }
        >
          Save these filters as the default
        </button>
      )}
    </div>
  );
}

function DashboardDetailsForm({
  dashboard,
  filters,
  onSaved,
}: {
  dashboard: Dashboard;
  filters: Dashboard['filters'];
  onSaved: (saved: Dashboard) => void;
}) {
  const [title, setTitle] = useState(dashboard.title);
  const [description, setDescription] = useState(dashboard.description);
  const write = useWriteAction();
  return (
    <form
      className={styles.form}
      aria-label="Dashboard details"
      onSubmit={(event) => {
        event.preventDefault();
        void write
          .run(
            () =>
              saveDashboard(dashboard.id, { title, description, filters: { ...filters }, layout: dashboard.layout }),
            'Saved.',
          )
          .then((saved) => saved && onSaved(saved));
      }}
    >
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Title</span>
        <input
          className={styles.control}
          value={title}
          maxLength={120}
          required
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Description</span>
        <textarea
          className={styles.control}
          value={description}
          maxLength={2000}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <div className={styles.actions}>
        <button type="submit" className={primaryButton} disabled={write.busy}>
          Save details
        </button>
        {write.message && <span role="status">{write.message}</span>}
      </div>
    </form>
  );
}
