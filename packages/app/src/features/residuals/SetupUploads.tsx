// The upload history of the residual inputs on /residuals/setup, kind by kind: until a kind has an
// upload, the generated data is what prices the month.
import { RESIDUAL_UPLOAD_KINDS, type ResidualSetup } from '@payportal/shared/residuals';
import { UPLOAD_KIND_NAMES } from './setupWords.ts';
import * as styles from './residuals.css.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

export function SetupUploads({ uploads }: { uploads: NonNullable<ResidualSetup['uploads']> }) {
  return (
    <>
      {RESIDUAL_UPLOAD_KINDS.map((kind) => {
        const rows = uploads.filter((upload) => upload.kind === kind);
        return (
          <div key={kind}>
            <h3 className={styles.subheading}>{UPLOAD_KIND_NAMES[kind]}</h3>
            {rows.length === 0 ? (
              <p className={styles.intro}>No uploads yet: the generated data applies.</p>
            ) : (
              <ul className={styles.uploadList}>
                {rows.map((upload) => (
                  <li key={upload.id}>
                    {upload.file_name} (version {upload.version}), {upload.status}
                    {upload.rows_loaded !== null && `, ${upload.rows_loaded} rows loaded`}
                    {upload.rows_rejected ? `, ${upload.rows_rejected} rejected` : ''}, by {upload.uploaded_by} on{' '}
                    {when(upload.created_at)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </>
  );
}
