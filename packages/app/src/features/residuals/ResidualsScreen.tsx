// /residuals: a month's summary. Unscoped: the portfolio (income, pass-through, Schedule A,
// net, payouts by level, the house) with its top partners; scoped: the caller's own node with its
// agents. A residuals admin closes the month here; a closed month shows who closed it.
import type { ResidualStatements } from '@payportal/shared/residuals';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { primaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { Figures } from './Figures.tsx';
import { MonthPicker } from './MonthPicker.tsx';
import { PartnersTable } from './PartnersTable.tsx';
import { closeMonth, fetchStatements } from './residualsApi.ts';
import { closingText, formatMoney, monthFromSearch } from './residualWords.ts';
import * as styles from './residuals.css.ts';

function summaryFigures(statements: ResidualStatements): [string, string][] {
  const { totals, levels } = statements;
  const money: [string, number][] = [
    ['Income', totals.income],
    ['Pass-through', totals.pass_through],
    ['Schedule A', totals.schedule_a],
    ['Net', totals.net],
  ];
  if (levels)
    money.push(['Agents’ payouts', levels.agents], ['Sub-ISOs’ payouts', levels.sub_isos], ['House', levels.house]);
  else money.push(['Payouts', totals.payouts], ['Adjustments', totals.adjustments], ['Total paid', totals.total]);
  return money.map(([name, value]) => [name, formatMoney(value)]);
}

export function ResidualsScreen({ canClose }: { canClose: boolean }) {
  const [, navigate] = useLocation();
  const month = monthFromSearch(useSearch());
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState('');
  const close = useAction();
  const statements = useRequest(
    `residuals-${month}-${version}`,
    (signal) => fetchStatements(month, signal),
    'The residuals could not be loaded. Please try again.',
  );
  const shown = statements.data?.month === month ? statements.data : null;
  const onClose = async () => {
    if (await close.run(() => closeMonth(month), { failure: 'The month could not be closed. Please try again.' })) {
      setNotice(`${month} is closed.`);
      setVersion((value) => value + 1);
    }
  };
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>Residuals</h1>
      <p className={styles.intro}>
        Each month’s income less pass-through and Schedule A, and what each partner is paid.{' '}
        <Link to={paths.residualSetup(month)}>Schedule A and splits</Link>
      </p>
      <div className={styles.toolbar}>
        <MonthPicker
          month={month}
          onChange={(next) => {
            setNotice('');
            navigate(paths.residuals(next));
          }}
        />
        {canClose && shown && !shown.closing && shown.node === null && (
          <button type="button" className={primaryButton} disabled={close.busy} onClick={() => void onClose()}>
            Close month
          </button>
        )}
      </div>
      <p role="status" className={styles.status}>
        {!shown && !statements.error ? 'Loading the residuals…' : notice}
      </p>
      {(statements.error ?? close.error) && (
        <p role="alert" className={styles.danger}>
          {statements.error ?? close.error}
        </p>
      )}
      {shown && (
        <>
          <section className={styles.card} aria-labelledby="residuals-summary">
            <h2 id="residuals-summary">
              {shown.node ? (
                <Link to={paths.residualStatement(shown.node.code, month)}>
                  {shown.node.name} ({shown.node.code})
                </Link>
              ) : (
                'Portfolio'
              )}
            </h2>
            <p className={styles.intro}>{closingText(shown.closing)}</p>
            <Figures label="Summary" items={summaryFigures(shown)} />
          </section>
          {shown.children.length > 0 && (
            <section className={styles.card} aria-labelledby="residuals-partners">
              <h2 id="residuals-partners">{shown.node ? 'Agents' : 'Partners'}</h2>
              <PartnersTable partners={shown.children} month={month} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
