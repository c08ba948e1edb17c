// An upload's phases (uploaded → validating → loading → done) with the counts known so far.
import { UPLOAD_PHASES, type Upload } from '@payportal/shared/uploads';
import { formatCount, STATUS_LABELS } from './uploadText.ts';
import * as styles from './uploads.css.ts';

function stateOf(phase: (typeof UPLOAD_PHASES)[number], upload: Upload): 'done' | 'current' | 'waiting' {
  const reached = UPLOAD_PHASES.indexOf(upload.status as (typeof UPLOAD_PHASES)[number]);
  const index = UPLOAD_PHASES.indexOf(phase);
  if (upload.status === 'receiving' || reached === -1)
    return upload.status === 'receiving' ? 'waiting' : index === 0 ? 'done' : 'waiting';
  return index < reached || upload.status === 'done' ? 'done' : index === reached ? 'current' : 'waiting';
}

export function UploadPhases({ upload }: { upload: Upload }) {
  return (
    <div>
      <ol className={styles.steps} aria-label="Phases">
        {UPLOAD_PHASES.map((phase) => (
          <li
            key={phase}
            className={styles.step}
            data-state={stateOf(phase, upload)}
            aria-current={stateOf(phase, upload) === 'current' ? 'step' : undefined}
          >
            {STATUS_LABELS[phase]}
          </li>
        ))}
      </ol>
      <p role="status">
        {STATUS_LABELS[upload.status]}: {formatCount(upload.rows_total)} {upload.rows_total === 1 ? 'row' : 'rows'},{' '}
        {formatCount(upload.rows_loaded)} loaded, {formatCount(upload.rows_rejected)} rejected.
      </p>
      {upload.failure && <p className={styles.danger}>{upload.failure}</p>}
    </div>
  );
}
