// /dashboard/new (orgId, warehouseId, demo flag): a title and a description, then the new
// dashboard opens in edit mode. The creator (warehouseId, this user) owns it in the organisation
// orgId; the API takes both from the verified caller, so the screen only says whose it will be. A demo
// organisation may create dashboards like any other; the demo banner says its data is artificial.
import { dashboardTitleSchema } from '@payportal/shared/dashboards';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { DemoBanner } from '../home/index.ts';
import { createDashboard } from './dashboardsApi.ts';
import * as styles from './dashboards.css.ts';
import { useWriteAction } from './useWriteAction.ts';

export interface DashboardNewScreenProps {
  orgId: number;
  warehouseId: number;
  isDemo: boolean;
}

export function DashboardNewScreen({ isDemo }: DashboardNewScreenProps) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [, navigate] = useLocation();
  const write = useWriteAction();
  const problem =
    title && !dashboardTitleSchema.safeParse(title).success
      ? 'The title must be one line of at most 120 characters.'
      : null;
  return (
    <div className={styles.page}>
      {isDemo && <DemoBanner />}
      <h1 className={styles.title}>New dashboard</h1>
      <form
        className={styles.form}
        style={{ maxWidth: '36rem' }}
        onSubmit={(event) => {
          event.preventDefault();
          void write
            .run(() => createDashboard({ title, description }), 'Created.')
            .then((created) => created && navigate(paths.dashboardEdit(String(created.id))));
        }}
      >
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Title</span>
          <input
            className={styles.control}
            value={title}
            required
            maxLength={120}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={problem !== null}
          />
        </label>
        {problem && <p className={styles.alert}>{problem}</p>}
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Description</span>
          <textarea
            className={styles.control}
            value={description}
            rows={3}
            maxLength={2000}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
        {write.message && <p role="status">{write.message}</p>}
        <div className={styles.actions}>
          <button type="submit" className={primaryButton} disabled={write.busy || !title.trim() || problem !== null}>
            Create dashboard
          </button>
          <button type="button" className={secondaryButton} onClick={() => navigate(paths.dashboards())}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
