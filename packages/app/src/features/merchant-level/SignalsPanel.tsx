// AML and card-testing signals: each score beside its threshold, the evidence rows
// of a raised one, and "Open case" from it.
import { SIGNALS, type MerchantSignals, type SignalId } from '@payportal/shared/merchants';
import { primaryButton } from '../../ui/button.css.ts';
import { ResultTable } from './ResultTable.tsx';
import * as css from './merchantLevel.css.ts';

const shown = (value: number | null, unit: string) =>
  value === null
    ? '—'
    : unit === 'share'
      ? `${(value * 100).toFixed(1)}\u00a0%`
      : value.toFixed(unit === 'count' ? 0 : 2);

export function SignalsPanel({
  answer,
  onOpenCase,
  busy,
}: {
  answer: MerchantSignals;
  onOpenCase: (signal: SignalId) => void;
  busy: boolean;
}) {
  return (
    <section className={css.card} aria-label="AML and card-testing signals">
      <div className={css.cardHead}>
        <h2 className={css.cardTitle}>AML and card-testing signals</h2>
        <p className={css.muted}>{`${answer.window.from} to ${answer.window.to}`}</p>
      </div>
      <div className={css.grid}>
        {[...answer.signals]
          .sort((a, b) => Number(b.flagged) - Number(a.flagged))
          .map((result) => {
            const meta = SIGNALS[result.signal];
            return (
              <article
                key={result.signal}
                aria-label={meta.label}
                className={`${css.signal} ${result.flagged ? css.flagged : ''}`}
              >
                <div className={css.cardHead}>
                  <h3 className={css.cardTitle}>{meta.label}</h3>
                  <strong>{result.flagged ? 'Raised' : 'Not raised'}</strong>
                </div>
                <p className={css.muted}>{meta.description}</p>
                <p>{`Score ${shown(result.score, meta.unit)} · threshold ${shown(result.threshold, meta.unit)}`}</p>
                {result.flagged && (
                  <>
                    <ResultTable
                      caption="Evidence"
                      columns={result.evidence.columns.map((column) => ({
                        name: column.name,
                        label: column.label,
                        type: 'string',
                        format: column.format === 'money' || column.format === 'count' ? column.format : null,
                      }))}
                      rows={result.evidence.rows}
                    />
                    <button
                      type="button"
                      className={primaryButton}
                      disabled={busy}
                      onClick={() => onOpenCase(result.signal)}
                    >
                      Open case
                    </button>
                  </>
                )}
              </article>
            );
          })}
      </div>
    </section>
  );
}
