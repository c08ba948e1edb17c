// /disputes: the dispute desk's queue. Four tabs, filters, server-side sort and paging
// ("Load more" follows the API's cursor); each row says its days left in words and colour; the view on
// screen exports as CSV.
import { DISPUTE_TABS, type DisputeTab } from '@payportal/shared/disputes';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { TabList, tabPanelProps } from '../../ui/TabList.tsx';
import { QueueExport } from './QueueExport.tsx';
import { QueueFilters, type QueueFilterValues } from './QueueFilters.tsx';
import { QueueTable, type SortState } from './QueueTable.tsx';
import { useQueuePages } from './useQueuePages.ts';
import * as styles from './disputes.css.ts';

const TABS = Object.entries(DISPUTE_TABS) as [DisputeTab, string][];
const EMPTY: Record<DisputeTab, string> = {
  needs_response: 'No dispute needs a response.',
  due_3d: 'No dispute is due within 3 days.',
  overdue: 'No dispute is overdue.',
  decided: 'No dispute has been decided yet.',
};

/** `canSeeInsights`: the insights are the query API's figures, for users with the query role. */
export function DisputeQueueScreen({ canSeeInsights }: { canSeeInsights: boolean }) {
  const [tab, setTab] = useState<DisputeTab>('needs_response');
  const [filters, setFilters] = useState<QueueFilterValues>({});
  const [sorted, setSorted] = useState<SortState>({ sort: 'due_date', order: 'asc' });
  const view = { tab, ...filters, ...sorted };
  const pages = useQueuePages(view);
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>Disputes</h1>
      <p className={styles.intro}>Open chargebacks and the days left before each network’s deadline.</p>
      {canSeeInsights && (
        <p>
          <Link to={paths.disputeInsights()}>Dispute insights</Link>: challenge, win and recovery rates by reason,
          network, merchant and month.
        </p>
      )}
      <section className={styles.card} aria-label="Filters">
        <QueueFilters onApply={setFilters} />
      </section>
      <TabList
        label="Dispute queue"
        idPrefix="queue"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        className={styles.tabs}
        tabClassName={styles.tab}
      />
      <div {...tabPanelProps('queue', tab)} className={styles.panel} aria-busy={pages.loading !== false}>
        <p role="status" className={styles.status}>
          {pages.loading === 'first' ? 'Loading disputes…' : ''}
          {pages.loading === false && !pages.error && pages.items.length === 0
            ? filtered
              ? 'No dispute matches these filters.'
              : EMPTY[tab]
            : ''}
        </p>
        {pages.error && (
          <div role="alert" className={styles.danger}>
            {pages.error}{' '}
            <button type="button" className={secondaryButton} onClick={pages.retry}>
              Try again
            </button>
          </div>
        )}
        {pages.items.length > 0 && pages.today !== null && (
          <QueueTable items={pages.items} sorted={sorted} onSort={setSorted} today={pages.today} />
        )}
        {pages.hasMore && (
          <div className={styles.row}>
            <button
              type="button"
              className={secondaryButton}
              disabled={pages.loading !== false}
              onClick={pages.loadMore}
            >
              {pages.loading === 'more' ? 'Loading…' : 'Load more'}
            </button>
            <span className={styles.muted}>{pages.items.length} shown</span>
          </div>
        )}
      </div>
      <div className={styles.exportArea}>
        <QueueExport view={view} />
      </div>
    </div>
  );
}
