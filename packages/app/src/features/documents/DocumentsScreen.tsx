// "/documents: documents": the organisation's statements, extracts and shared
// files. Everyone with a portal role reads, searches and downloads; org owners generate and delete;
// org owners and upload admins share PDFs. What the caller may do comes from the API's answer, so an
// impersonated read-only session sees no write controls.
import {
  DOCUMENT_PAGE_SIZE,
  DOCUMENT_TYPES,
  type DocumentType,
  type PortalDocument,
} from '@payportal/shared/documents';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { useSettledSearch } from '../../ui/useSettledSearch.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { FormOutcome, MonthField, TypeField } from './DocumentFields.tsx';
import { DocumentTable } from './DocumentTable.tsx';
import { deleteDocument, downloadDocument, fetchDocumentBytes, fetchDocuments } from './documentsApi.ts';
import * as styles from './documents.css.ts';
import { GenerateForm } from './GenerateForm.tsx';
import { UploadForm } from './UploadForm.tsx';

// PDF.js comes with the first document opened, not with the list.
const PdfViewer = lazy(() => import('../../ui/PdfViewer.tsx').then((module) => ({ default: module.PdfViewer })));

export function DocumentsScreen() {
  const id = useId();
  const [type, setType] = useState<DocumentType | ''>('');
  const [period, setPeriod] = useState('');
  const [page, setPage] = useState(1);
  const { typed, setTyped, search } = useSettledSearch(() => setPage(1));
  const [version, setVersion] = useState(0);
  const [viewing, setViewing] = useState<PortalDocument | null>(null);
  const viewingId = viewing?.id;
  const loadViewed = useCallback((signal: AbortSignal) => fetchDocumentBytes(viewingId!, signal), [viewingId]);
  const [deleting, setDeleting] = useState<PortalDocument | null>(null);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const viewerHeading = useRef<HTMLHeadingElement>(null);

  // The opened document is below the list: it comes into view with its heading focused.
  useEffect(() => {
    viewerHeading.current?.focus();
    viewerHeading.current?.scrollIntoView({ block: 'start' });
  }, [viewing]);

  const query = {
    search: search || undefined,
    type: type || undefined,
    period: period || undefined,
    page,
    page_size: DOCUMENT_PAGE_SIZE,
  };
  const list = useRequest(
    JSON.stringify([query, version]),
    (signal) => fetchDocuments(query, signal),
    'The documents could not be loaded.',
  );
  const shown = list.data;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / shown.page_size)) : 1;
  const added = (document: PortalDocument) => {
    setNotice('');
    setPage(1);
    setVersion((value) => value + 1);
    if (document.content_type === 'application/pdf' && document.generated) setViewing(document);
  };
  const remove = async (document: PortalDocument) => {
    setDeleting(null);
    const deleted = await action.run(
      async () => {
        await deleteDocument(document.id);
        return true;
      },
      { failure: 'The document could not be deleted. Please try again.' },
    );
    if (!deleted) return;
    if (viewing?.id === document.id) setViewing(null);
    setNotice(`${document.title} is deleted.`);
    setVersion((value) => value + 1);
  };
  /** A new filter shows its first page. */
  const filter = (change: () => void) => {
    change();
    setPage(1);
  };
  const download = (document: PortalDocument) =>
    action.run(() => downloadDocument(document.id), { failure: 'The download could not start. Please try again.' });

  return (
    <div className={styles.screen}>
      <h1>Documents</h1>
      <p className={styles.intro}>
        Statements and extracts made from your data, and files shared with your organization.
      </p>
      {shown && (shown.can_generate || shown.can_upload) && (
        <div className={styles.forms}>
          {shown.can_generate && <GenerateForm onGenerated={added} />}
          {shown.can_upload && <UploadForm onUploaded={added} />}
        </div>
      )}

      <div className={styles.filters} role="search">
        <div className={styles.field}>
          <label htmlFor={`${id}-search`}>Search by title</label>
          <input
            id={`${id}-search`}
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </div>
        <TypeField
          id={`${id}-type`}
          label="Filter by type"
          anyLabel="All types"
          types={DOCUMENT_TYPES}
          value={type}
          onChange={(value) => filter(() => setType(value))}
        />
        <MonthField
          id={`${id}-period`}
          label="Filter by month"
          value={period}
          onChange={(value) => filter(() => setPeriod(value))}
        />
      </div>

      <FormOutcome done={notice} error={list.error ?? action.error} />
      {list.loading && !shown && <p role="status">Loading documents…</p>}
      {shown && (
        <>
          <DocumentTable
            documents={shown.documents}
            busy={list.loading}
            onView={setViewing}
            onDownload={(document) => void download(document)}
            onDelete={setDeleting}
          />
          {shown.total === 0 && <p>{search || type || period ? 'No documents match.' : 'No documents yet.'}</p>}
          {pages > 1 && (
            <nav className={styles.pager} aria-label="Pages">
              <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className={secondaryButton}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
      {viewing && (
        <section className={styles.viewer} aria-labelledby={`${id}-viewer`}>
          <div className={styles.viewerHeader}>
            <h2 id={`${id}-viewer`} ref={viewerHeading} tabIndex={-1}>
              {viewing.title}
            </h2>
            <div className={styles.rowActions}>
              <button type="button" className={secondaryButton} onClick={() => void download(viewing)}>
                Download
              </button>
              <button type="button" className={secondaryButton} onClick={() => setViewing(null)}>
                Close
              </button>
            </div>
          </div>
          <Suspense fallback={<p role="status">Opening the document…</p>}>
            <PdfViewer loadBytes={loadViewed} title={viewing.title} />
          </Suspense>
        </section>
      )}

      {deleting && (
        <ConfirmDialog
          question={`Delete “${deleting.title}”?`}
          confirmLabel="Delete"
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
