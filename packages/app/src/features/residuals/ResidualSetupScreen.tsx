// /residuals/setup: what prices a month, read-only: the Schedule A rates and the splits in
// force (as frozen at closing when the month is closed), in the caller's book, and the residual inputs'
// upload history (the organisation's; a caller scoped to a book sees none).
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { MonthPicker } from './MonthPicker.tsx';
import { ScheduleTable, SplitTable } from './SetupTables.tsx';
import { SetupUploads } from './SetupUploads.tsx';
import { fetchSetup } from './residualsApi.ts';
import { monthFromSearch } from './residualWords.ts';
import * as styles from './residuals.css.ts';

export function ResidualSetupScreen() {
  const [, navigate] = useLocation();
  const month = monthFromSearch(useSearch());
  const setup = useRequest(
    `residual-setup-${month}`,
    (signal) => fetchSetup(month, signal),
    'The setup could not be loaded. Please try again.',
  );
  const shown = setup.data?.month === month ? setup.data : null;
  return (
    <div className={styles.screen}>
      <p>
        <Link to={paths.residuals(month)}>← Residuals</Link>
      </p>
      <h1 className={styles.title}>Residuals setup</h1>
      <p className={styles.intro}>The Schedule A rates and the splits that price the month. Read-only.</p>
      <div className={styles.toolbar}>
        <MonthPicker month={month} onChange={(next) => navigate(paths.residualSetup(next))} />
      </div>
      <p role="status" className={styles.status}>
        {!shown && !setup.error ? 'Loading the setup…' : ''}
      </p>
      {setup.error && (
        <p role="alert" className={styles.danger}>
          {setup.error}
        </p>
      )}
      {shown && (
        <>
          <p className={styles.intro}>
            {shown.closed
              ? 'Closed month: the versions frozen when it was closed.'
              : 'Open month: the versions in force on its first day.'}
          </p>
          <section className={styles.card} aria-labelledby="setup-schedules">
            <h2 id="setup-schedules">Schedule A</h2>
            {shown.schedules.length === 0 ? (
              <p className={styles.intro}>
                No Schedule A of this book’s own: its merchants are priced at the house’s rates.
              </p>
            ) : (
              <ScheduleTable rows={shown.schedules} />
            )}
          </section>
          <section className={styles.card} aria-labelledby="setup-splits">
            <h2 id="setup-splits">Splits</h2>
            {shown.splits.length === 0 ? (
              <p className={styles.intro}>No splits in this book.</p>
            ) : (
              <SplitTable rows={shown.splits} />
            )}
          </section>
          {shown.uploads && (
            <section className={styles.card} aria-labelledby="setup-uploads">
              <h2 id="setup-uploads">Upload history</h2>
              <SetupUploads uploads={shown.uploads} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
