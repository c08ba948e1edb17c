// The spec's loading indicator widget ("Other widgets": inputs cta, error, show, step, steps,
// stretch). Its behaviour is not shown there; here: while `show`, a progress bar (determinate when
// `steps` is given: `step` of `steps` done); with an `error`, the message as an alert and the `cta`
// button (e.g. Try again); `stretch` fills the box it sits in (a chart card's body).
import * as styles from './loadingIndicator.css.ts';
import { secondaryButton } from './button.css.ts';

export interface LoadingIndicatorProps {
  show: boolean;
  /** What failed, in words for the person; shown instead of the progress. */
  error?: string | null;
  /** The action offered with an error. */
  cta?: { label: string; onClick: () => void };
  step?: number;
  steps?: number;
  stretch?: boolean;
  /** What is loading, for screen readers ("Loading Approval rate by month"). */
  label?: string;
}

export function LoadingIndicator({
  show,
  error,
  cta,
  step = 0,
  steps,
  stretch,
  label = 'Loading',
}: LoadingIndicatorProps) {
  const className = `${styles.indicator} ${stretch ? styles.stretched : ''}`;
  if (error) {
    return (
      <div className={className}>
        <p role="alert" className={styles.error}>
          {error}
        </p>
        {cta && (
          <button type="button" className={secondaryButton} onClick={cta.onClick}>
            {cta.label}
          </button>
        )}
      </div>
    );
  }
  if (!show) return null;
  const fraction = steps ? Math.min(1, step / steps) : null;
  return (
    <div className={className} role="status" aria-live="polite">
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        {...(fraction !== null && { 'aria-valuemin': 0, 'aria-valuemax': steps, 'aria-valuenow': step })}
      >
        <div
          className={fraction === null ? styles.bar : styles.determinate}
          style={fraction === null ? undefined : { width: `${fraction * 100}%` }}
        />
      </div>
      <span>{label}…</span>
    </div>
  );
}
