// The live preview: the first rows of the export as it stands, the row-count estimate, and
// what is happening (waiting for choices, loading, failed with a retry). The status line is a polite
// live region, so a screen reader hears the new count without losing its place.
import { formatRows, type QueryDescriptionInput } from '@payportal/shared/analytics';
import { csvValuesOf, rowCapText } from '@payportal/shared/exports';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { secondaryButton } from '../../ui/button.css.ts';
import { builder, sortBy } from './builderStore.ts';
import { PreviewTable } from './PreviewTable.tsx';
import * as styles from './queryBuilder.css.ts';
import { PREVIEW_ROWS, useLivePreview } from './useLivePreview.ts';

type Estimate = ReturnType<typeof useLivePreview>['estimate'];

/** The whole export's size, and the cap's cut when there is one (say plainly what a cap cuts). */
function describeEstimate(estimate: Estimate): string {
  if (estimate.status === 'loading') return 'Counting rows…';
  if (estimate.status === 'error') return estimate.error;
  if (estimate.status !== 'ready') return '';
  const { rows, capped, row_cap } = estimate.data;
  // Counting stops one row past the cap, so a capped count says only that more rows match.
  return capped
    ? `More than ${formatRows(row_cap)} match; the export is ${rowCapText(row_cap)}`
    : `${formatRows(rows)} in the export`;
}

/** `sortable`: the order is part of the export, so only someone who may change it sorts. */
export function PreviewCard({
  description,
  sortable,
}: {
  description: QueryDescriptionInput | null;
  sortable: boolean;
}) {
  const id = useId();
  const { order, csv } = useSnapshot(builder);
  const { preview, estimate } = useLivePreview(description);
  const result = preview.data;
  const status =
    preview.status === 'idle'
      ? ''
      : preview.status === 'loading'
        ? 'Updating preview…'
        : preview.status === 'error'
          ? 'The preview is out of date.'
          : describeEstimate(estimate);
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.previewHead}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          Preview
        </h2>
        <p role="status" className={styles.figure}>
          {status}
        </p>
      </div>
      {preview.status === 'error' && (
        <div role="alert" className={styles.alert}>
          {preview.error}{' '}
          <button type="button" className={secondaryButton} onClick={preview.retry}>
            Try again
          </button>
        </div>
      )}
      {preview.status === 'idle' && (
        <p className={styles.empty}>Choose attributes or metrics to see the first rows of your export.</p>
      )}
      {result &&
        (result.rows.length === 0 ? (
          <p className={styles.empty}>No rows match these choices. Try a wider date range or fewer filters.</p>
        ) : (
          <PreviewTable
            result={result}
            order={order}
            onSort={sortable ? sortBy : undefined}
            busy={preview.status === 'loading'}
            caption={`First ${Math.min(PREVIEW_ROWS, result.rows.length)} rows of the export`}
            values={csvValuesOf(csv)}
          />
        ))}
    </section>
  );
}
