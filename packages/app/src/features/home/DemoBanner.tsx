import { banner } from './DemoBanner.css.ts';

/** what a trial or demo organisation (is_demo) is told about the data it sees. */
export function DemoBanner() {
  return (
    <div role="note" aria-label="Demo organization" className={banner}>
      <strong>Demo organization.</strong> The data and metrics shown here are artificial and for demonstration only. The
      provider is not liable for any decisions based on them.
    </div>
  );
}
