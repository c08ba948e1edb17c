// /dashboard/{id}/chart/{chartId}/copy (userId, is_owner): copies the chart into this
// dashboard or another one the user may edit: those they created (userId), or any of the
// organisation's when they are an owner (is_owner); the API checks the same per row.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { useRequest } from '../../ui/useRequest.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { copyChart, fetchDashboards } from './dashboardsApi.ts';
import * as styles from './dashboards.css.ts';
import { useDashboard } from './useDashboard.ts';
import { useWriteAction } from './useWriteAction.ts';

export interface ChartCopyScreenProps {
  id: string;
  chartId: string;
  userId: number;
  isOwner: boolean;
}

export function ChartCopyScreen({ id, chartId, userId, isOwner }: ChartCopyScreenProps) {
  const source = useDashboard(id);
  const targets = useRequest(
    'targets',
    (signal) => fetchDashboards(false, signal),
    'The dashboards could not be loaded.',
  );
  const [target, setTarget] = useState('');
  const [, navigate] = useLocation();
  const write = useWriteAction();
  const chart = source.dashboard?.charts.find((c) => String(c.id) === chartId);
  if (source.notFound)
    return (
      <NotFound
        title="Dashboard not found"
        message="This dashboard was not found."
        detail="It does not exist, or it belongs to another organisation."
        back={{ label: 'All dashboards', href: paths.dashboards() }}
      />
    );
  if (source.error) return <LoadingIndicator show={false} error={source.error} />;
  if (!source.dashboard || !targets.data) return <LoadingIndicator show label="Loading the chart to copy" />;
  if (!chart)
    return (
      <NotFound
        title="Chart not found"
        message="This chart was not found."
        detail="The dashboard has no such chart: it may have been removed."
        back={{ label: `Back to ${source.dashboard.title}`, href: paths.dashboard(String(source.dashboard.id)) }}
      />
    );
  const editable = targets.data.dashboards.filter((d) => d.can_edit && (isOwner || d.owner.id === userId));
  const chosen =
    target ||
    (editable.some((d) => d.id === source.dashboard!.id) ? String(source.dashboard.id) : String(editable[0]?.id ?? ''));

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Copy chart</h1>
      <form
        className={styles.form}
        style={{ maxWidth: '36rem' }}
        onSubmit={(event) => {
          event.preventDefault();
          void write
            .run(() => copyChart(source.dashboard!.id, chart.id, Number(chosen)), 'Chart copied.')
            .then((copied) => copied && navigate(paths.dashboard(chosen)));
        }}
      >
        <p className={styles.meta}>
          “{chart.config.title}” from “{source.dashboard.title}”.
        </p>
        {editable.length === 0 ? (
          <p role="alert">You have no dashboard to copy into. Create one first.</p>
        ) : (
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Copy into</span>
            <select className={styles.control} value={chosen} onChange={(event) => setTarget(event.target.value)}>
              {editable.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title}
                  {d.id === source.dashboard!.id ? ' (this dashboard)' : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {write.message && <p role="status">{write.message}</p>}
        <div className={styles.actions}>
          <button type="submit" className={primaryButton} disabled={write.busy || !chosen}>
            Copy
          </button>
          <button type="button" className={secondaryButton} onClick={() => navigate(paths.dashboard(id))}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
