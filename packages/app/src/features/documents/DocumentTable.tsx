// The documents list: type, title, month, size, who made it and when, newest first;
// PDFs open in the page, every document downloads, org owners delete.
import { DOCUMENT_TYPE_LABELS, type PortalDocument } from '@payportal/shared/documents';
import { secondaryButton } from '../../ui/button.css.ts';
import { creatorText, formatBytes, periodText } from './documentText.ts';
import * as styles from './documents.css.ts';

export interface DocumentTableProps {
  documents: readonly PortalDocument[];
  busy: boolean;
  onView: (document: PortalDocument) => void;
  onDownload: (document: PortalDocument) => void;
  onDelete: (document: PortalDocument) => void;
}

const button = `${secondaryButton} ${styles.smallButton}`;

export function DocumentTable({ documents, busy, onView, onDownload, onDelete }: DocumentTableProps) {
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table} aria-busy={busy}>
        <caption className={styles.visuallyHidden}>Documents, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Title</th>
            <th scope="col">Month</th>
            <th scope="col" className={styles.number}>
              Size
            </th>
            <th scope="col">Created by</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id}>
              <td>{DOCUMENT_TYPE_LABELS[document.type]}</td>
              <td>{document.title}</td>
              <td className={styles.noWrap}>{periodText(document)}</td>
              <td className={styles.number}>{formatBytes(document.bytes)}</td>
              <td>{creatorText(document)}</td>
              <td className={styles.noWrap}>
                <time dateTime={document.created_at}>
                  {new Date(document.created_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                </time>
              </td>
              <td>
                <div className={styles.rowActions}>
                  {document.content_type === 'application/pdf' && (
                    <button
                      type="button"
                      className={button}
                      onClick={() => onView(document)}
                      aria-label={`View ${document.title}`}
                    >
                      View
                    </button>
                  )}
                  <button
                    type="button"
                    className={button}
                    onClick={() => onDownload(document)}
                    aria-label={`Download ${document.title}`}
                  >
                    Download
                  </button>
                  {document.can_delete && (
                    <button
                      type="button"
                      className={button}
                      onClick={() => onDelete(document)}
                      aria-label={`Delete ${document.title}`}
                    >
                      Delete
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
