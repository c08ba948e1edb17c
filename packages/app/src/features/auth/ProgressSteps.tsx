import * as constants from '@payportal/shared/constants';

/** -1 idle (or error cleared), 1 working, 2 finished. */
export type ProgressStep = -1 | 1 | 2;

const DESCRIPTION: Record<ProgressStep, string> = { [-1]: 'Waiting', 1: 'Working', 2: 'Finished' };

/** The 3-step progress indicator of the sign-in, two-factor and phone-registration forms. */
export function ProgressSteps({ step, label }: { step: ProgressStep; label: string }) {
  const reached = step === -1 ? 0 : step + 1;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={constants.PROGRESS_STEPS}
      aria-valuenow={reached}
      aria-valuetext={DESCRIPTION[step]}
      style={{ display: 'flex', gap: '0.25rem' }}
    >
      {Array.from({ length: constants.PROGRESS_STEPS }, (_, index) => (
        <span
          key={index}
          style={{
            flex: 1,
            height: '0.25rem',
            borderRadius: '1rem',
            background: index < reached ? '#1463d8' : '#d0d7de',
          }}
        />
      ))}
    </div>
  );
}
