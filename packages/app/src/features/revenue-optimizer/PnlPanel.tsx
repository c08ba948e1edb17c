// The merchant P&L: per merchant over complete months, billed fees by component,
// interchange, scheme fees, net revenue and net effective rate; under- and over-recovery flagged;
// sortable by any column, filtered by the compound industry and region fields, flag, plan type and
// name; every matching row exported as CSV through the export jobs. Figures come from the optimizer API.
import {
  PLAN_TYPE_LABELS,
  PLAN_TYPES,
  type PlanType,
  type PnlRequestInput,
  type PnlSortColumn,
  type SegmentOptions,
} from '@payportal/shared/optimizer';
import { useState } from 'react';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { BarList } from './BarList.tsx';
import { bps, count, money, periodText } from './formatFigures.ts';
import { PnlTable } from './PnlTable.tsx';
import { SegmentFields, type CompoundField } from './SegmentFields.tsx';
import { ExportRunCard, useExportJob } from '../query-builder/index.ts';
import { exportPnl, fetchPnl } from './optimizerApi.ts';
import * as css from './optimizer.css.ts';

export function PnlPanel({ options, canRun }: { options: SegmentOptions | null; canRun: boolean }) {
  const [months, setMonths] = useState<1 | 3 | 6 | 12>(12);
  const [flag, setFlag] = useState<'all' | 'under' | 'over'>('all');
  const [planType, setPlanType] = useState<PlanType | ''>('');
  const [search, setSearch] = useState('');
  const [compound, setCompound] = useState<Record<CompoundField, string[]>>({
    industryGroups: [],
    industries: [],
    regions: [],
    states: [],
  });
  const [sort, setSort] = useState<{ column: PnlSortColumn; direction: 'asc' | 'desc' }>({
    column: 'netRevenue',
    direction: 'asc',
  });
  const request: PnlRequestInput = {
    months,
    flag,
    search,
    sort: sort.column,
    direction: sort.direction,
    segment: { ...compound, planTypes: planType ? [planType] : [] },
  };
  const answer = useDebouncedRequest(JSON.stringify(request), (signal) => fetchPnl(request, signal), {
    delayMs: 250,
    failure: 'The P&L could not be loaded. Try again.',
  });
  const data = answer.data;
  const { job, setJob, pollFailed } = useExportJob();

  return (
    <div className={css.column}>
      <section className={css.card} aria-labelledby="pnl-filters">
        <h2 id="pnl-filters" className={css.cardTitle}>
          Merchant P&amp;L
        </h2>
        <div className={css.filters}>
          <label className={css.field}>
            <span className={css.label}>Period</span>
            <select
              className={css.control}
              value={months}
              onChange={(event) => setMonths(Number(event.target.value) as 1 | 3 | 6 | 12)}
            >
              {[1, 3, 6, 12].map((value) => (
                <option key={value} value={value}>{`Last ${value === 1 ? 'month' : `${value} months`}`}</option>
              ))}
            </select>
          </label>
          <label className={css.field}>
            <span className={css.label}>Show</span>
            <select
              className={css.control}
              value={flag}
              onChange={(event) => setFlag(event.target.value as typeof flag)}
            >
              <option value="all">All merchants</option>
              <option value="under">Under-recovery (negative margin)</option>
              <option value="over">Over-recovery (attrition risk)</option>
            </select>
          </label>
          <SegmentFields
            segment={compound}
            options={options}
            onChange={(changes) => setCompound((old) => ({ ...old, ...changes }))}
          />
          <label className={css.field}>
            <span className={css.label}>Plan type</span>
            <select
              className={css.control}
              value={planType}
              onChange={(event) => setPlanType(event.target.value as PlanType | '')}
            >
              <option value="">Any plan</option>
              {PLAN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PLAN_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label className={css.field}>
            <span className={css.label}>Merchant</span>
            <input
              className={css.control}
              type="search"
              value={search}
              maxLength={100}
              placeholder="Name or MID"
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
        </div>
        {answer.error && (
          <p className={css.alert} role="alert">
            {answer.error}
          </p>
        )}
        {data && (
          <dl className={css.figures} aria-label="Portfolio totals">
            <div className={css.figure}>
              <dt>Merchants</dt>
              <dd>{count(data.totals.merchants)}</dd>
            </div>
            <div className={css.figure}>
              <dt>Gross sales volume</dt>
              <dd>{money(data.totals.gsv)}</dd>
            </div>
            <div className={css.figure}>
              <dt>Billed fees</dt>
              <dd>{money(data.totals.billedFees)}</dd>
            </div>
            <div className={css.figure}>
              <dt>Interchange</dt>
              <dd>{money(data.totals.interchange)}</dd>
            </div>
            <div className={css.figure}>
              <dt>Net revenue</dt>
              <dd>{money(data.totals.netRevenue)}</dd>
            </div>
            <div className={css.figure}>
              <dt>Under-recovery</dt>
              <dd>{count(data.totals.under)}</dd>
            </div>
            <div className={css.figure}>
              <dt>Over-recovery</dt>
              <dd>{count(data.totals.over)}</dd>
            </div>
          </dl>
        )}
        {data && <p className={css.hint}>{`Totals and every merchant’s figures over ${periodText(data.period)}.`}</p>}
      </section>
      {data && (
        <>
          <section className={css.card} aria-labelledby="pnl-distribution">
            <h2 id="pnl-distribution" className={css.cardTitle}>
              Net effective rate across the portfolio
            </h2>
            <BarList
              label="Merchants by net effective rate (bps)"
              bars={data.distribution.map((bucket) => ({
                label: `${bucket.bucket} bps`,
                value: bucket.merchants,
                text: count(bucket.merchants),
                loss: bucket.bucket === '< 0',
              }))}
            />
            <p className={css.hint}>
              {`${periodText(data.period)}. Over-recovery: above ${bps(data.overThresholdBps)}, the portfolio’s 95th percentile.`}
            </p>
          </section>
          <section
            className={`${css.card} ${answer.status === 'loading' ? css.busy : ''}`}
            aria-labelledby="pnl-merchants"
            aria-busy={answer.status === 'loading'}
          >
            <h2
              id="pnl-merchants"
              className={css.cardTitle}
            >{`Merchants (${count(Math.min(data.matching, data.rows.length))} of ${count(data.matching)})`}</h2>
            <PnlTable
              rows={data.rows}
              sort={sort}
              onSort={(column) =>
                setSort((old) => ({
                  column,
                  direction: old.column === column && old.direction === 'desc' ? 'asc' : 'desc',
                }))
              }
            />
          </section>
          <ExportRunCard
            start={() => exportPnl(request)}
            blocked={canRun ? null : 'Exporting is not available in read-only support mode.'}
            job={job}
            onJob={setJob}
            pollFailed={pollFailed}
          />
        </>
      )}
    </div>
  );
}
