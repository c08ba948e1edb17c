// /dashboards: the organisation's dashboards, and the archive view (which receives userId:
// "Mine only" there narrows to the dashboards this user created; editors restore from it).
import type { DashboardSummary } from '@payportal/shared/dashboards';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { archiveDashboard, fetchDashboards } from './dashboardsApi.ts';
import * as styles from './dashboards.css.ts';
import { useWriteAction } from './useWriteAction.ts';

export function DashboardsScreen({ userId }: { userId: number }) {
  const [archived, setArchived] = useState(false);
  const [mine, setMine] = useState(false);
  const [version, setVersion] = useState(0);
  const list = useRequest(
    `${archived}:${version}`,
    (signal) => fetchDashboards(archived, signal),
    'The dashboards could not be loaded.',
  );
  const write = useWriteAction();
  const shown = (list.data?.dashboards ?? []).filter((d) => !mine || d.owner.id === userId);
  const restore = async (dashboard: DashboardSummary) => {
    if (await write.run(() => archiveDashboard(dashboard.id, false), `“${dashboard.title}” restored.`))
      setVersion((v) => v + 1);
  };

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{archived ? 'Archived dashboards' : 'Dashboards'}</h1>
        <div className={styles.actions}>
          <button
            type="button"
            className={secondaryButton}
            aria-pressed={archived}
            onClick={() => setArchived((value) => !value)}
          >
            {archived ? 'Show dashboards' : 'Show archive'}
          </button>
          <Link href={paths.dashboardNew()} className={primaryButton}>
            New dashboard
          </Link>
        </div>
      </div>
      <label className={styles.meta}>
        <input type="checkbox" checked={mine} onChange={(event) => setMine(event.target.checked)} /> Mine only
      </label>
      {write.message && (
        <p role="status" className={styles.notice}>
          {write.message}
        </p>
      )}
      {list.error ? (
        <LoadingIndicator show={false} error={list.error} />
      ) : !list.data ? (
        <LoadingIndicator show label="Loading the dashboards" />
      ) : shown.length === 0 ? (
        <p className={styles.meta}>
          {archived ? 'No archived dashboards.' : 'No dashboards yet. Create the first one.'}
        </p>
      ) : (
        <ul className={styles.list} aria-label={archived ? 'Archived dashboards' : 'Dashboards'}>
          {shown.map((dashboard) => (
            <li key={dashboard.id} className={styles.listCard}>
              <h2 className={styles.listTitle}>
                <Link href={paths.dashboard(String(dashboard.id))}>{dashboard.title}</Link>
              </h2>
              {dashboard.description && <p className={styles.meta}>{dashboard.description}</p>}
              <p className={styles.meta}>
                {dashboard.chart_count} {dashboard.chart_count === 1 ? 'chart' : 'charts'} · by{' '}
                {dashboard.owner.id === userId ? 'you' : dashboard.owner.name}
              </p>
              {archived && dashboard.can_edit && (
                <div>
                  <button type="button" className={secondaryButton} onClick={() => void restore(dashboard)}>
                    Restore
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
