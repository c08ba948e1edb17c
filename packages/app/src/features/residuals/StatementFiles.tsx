// A statement's files: its CSV through the export card every export runs in (run, progress,
// download) and its PDF made by the document generator and downloaded at once (it is kept under
// Documents too). Read-only support staff see why they cannot make either.
import { useSnapshot } from 'valtio';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { ExportRunCard, useExportJob } from '../query-builder/index.ts';
import { session } from '../session/index.ts';
import { downloadStatementPdf, exportStatementCsv } from './residualsApi.ts';
import * as styles from './residuals.css.ts';

const READ_ONLY = 'Exporting is not available in read-only support mode.';

export function StatementFiles({ node, month }: { node: string; month: string }) {
  const { current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  const impersonating = current.status === 'signedIn' && current.impersonatedBy !== null;
  const blocked = !impersonating || readOnly === false ? null : READ_ONLY;
  const { job, setJob, pollFailed } = useExportJob();
  const pdf = useAction();
  return (
    <div className={styles.files}>
      <ExportRunCard
        start={() => exportStatementCsv(node, month)}
        blocked={blocked}
        job={job}
        onJob={setJob}
        pollFailed={pollFailed}
      />
      <section className={styles.card} aria-labelledby="statement-pdf">
        <h2 id="statement-pdf" className={styles.fileTitle}>
          PDF
        </h2>
        <p className={styles.fileHint}>The statement as a document, kept under Documents too.</p>
        {pdf.error && (
          <p role="alert" className={styles.danger}>
            {pdf.error}
          </p>
        )}
        {blocked && <p className={styles.fileHint}>{blocked}</p>}
        <button
          type="button"
          className={secondaryButton}
          disabled={pdf.busy || blocked !== null}
          onClick={() =>
            void pdf.run(() => downloadStatementPdf(node, month), {
              failure: 'The PDF could not be made. Please try again.',
            })
          }
        >
          {pdf.busy ? 'Making the PDF…' : 'Download PDF'}
        </button>
      </section>
    </div>
  );
}
