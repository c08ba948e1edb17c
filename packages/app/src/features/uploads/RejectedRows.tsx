// An upload's rejected rows: line, column, value, reason, a page at a time, and all of them as CSV.
import { REJECT_PAGE_SIZE } from '@payportal/shared/uploads';
import { useState } from 'react';
import { secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { Pager } from '../../ui/Pager.tsx';
import { useRequest } from '../../ui/useRequest.ts';
import { downloadRejects, fetchRejects } from './uploadsApi.ts';
import { formatCount } from './uploadText.ts';
import * as styles from './uploads.css.ts';

export function RejectedRows({ uploadId }: { uploadId: number }) {
  const [page, setPage] = useState(1);
  const rejects = useRequest(
    `${uploadId}:${page}`,
    (signal) => fetchRejects(uploadId, page, signal),
    'The rejected rows could not be loaded. Please try again.',
  );
  const action = useAction();
  const total = rejects.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REJECT_PAGE_SIZE));
  return (
    <section className={styles.panel} aria-labelledby="rejected-rows">
      <h2 id="rejected-rows">Rejected rows</h2>
      {rejects.error && (
        <p role="alert" className={styles.danger}>
          {rejects.error}
        </p>
      )}
      {rejects.data && total === 0 && <p>No row was rejected.</p>}
      {total > 0 && (
        <>
          <div className={styles.actions}>
            <span>{formatCount(total)} problems</span>
            <button
              type="button"
              className={secondaryButton}
              disabled={action.busy}
              onClick={() =>
                void action.run(() => downloadRejects(uploadId), {
                  failure: 'The download could not start. Please try again.',
                })
              }
            >
              Download as CSV
            </button>
          </div>
          {action.error && (
            <p role="alert" className={styles.danger}>
              {action.error}
            </p>
          )}
          <div className={styles.scroll}>
            <table className={`${styles.grid} ${styles.stacked}`} aria-busy={rejects.loading}>
              <thead>
                <tr>
                  <th scope="col" className={styles.numeric}>
                    Line
                  </th>
                  <th scope="col">Column</th>
                  <th scope="col">Value</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {rejects.data?.rejects.map((reject, index) => (
                  <tr key={`${reject.line}-${reject.column}-${index}`}>
                    <td className={styles.numeric} data-label="Line">
                      {reject.line}
                    </td>
                    <td data-label="Column">{reject.column ?? '—'}</td>
                    <td className={styles.value} data-label="Value">
                      {reject.value ?? ''}
                    </td>
                    <td data-label="Reason">{reject.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} label="Pages of rejected rows" className={styles.actions} onPage={setPage} />
        </>
      )}
    </section>
  );
}
