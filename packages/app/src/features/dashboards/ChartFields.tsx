// The chart builder's cards (chart card parts details, metric, plotting, entry) made of the
// chart fields: select, toggle, date (a range preset) and compound (industry group → industry,
// region → state, with searches).
import {
  DATE_RANGE_PRESETS,
  TIME_GRANULARITIES,
  type CatalogueResponse,
  type DimensionId,
  type MeasureId,
} from '@payportal/shared/analytics';
import { CHART_TYPE_LABELS, CHART_TYPES, type ChartType } from '@payportal/shared/dashboards';
import type { ReactNode } from 'react';
import { PRESET_LABELS, ValueSearch } from '../query-builder/index.ts';
import type { ChartDraft } from './chartDraft.ts';
import * as styles from './dashboards.css.ts';

interface Props {
  draft: ChartDraft;
  onChange: (draft: ChartDraft) => void;
  catalogue: CatalogueResponse | null;
}

const Card = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <fieldset className={styles.form} style={{ margin: 0 }}>
    <legend className={styles.listTitle}>{legend}</legend>
    {children}
  </fieldset>
);

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>{label}</span>
      <select className={styles.control} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const Toggle = ({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) => (
  <label className={styles.meta} style={{ color: 'inherit' }}>
    <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />{' '}
    {label}
  </label>
);

const words = (id: string) => id.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

export function ChartFields({ draft, onChange, catalogue }: Props) {
  const set = (patch: Partial<ChartDraft>) => onChange({ ...draft, ...patch });
  const measures = (catalogue?.measures ?? []).map((m) => ({ value: m.id as MeasureId, label: m.label }));
  const dimensions = (catalogue?.dimensions ?? [])
    .filter((d) => d.id !== 'date' && d.id !== 'merchant_id')
    .map((d) => ({ value: d.id as DimensionId, label: d.label }));
  const measureSlots =
    draft.type === 'combo'
      ? 2
      : ['kpi', 'pie', 'heatmap'].includes(draft.type)
        ? 1
        : Math.min(4, draft.measures.length + 1);
  const setMeasure = (index: number, value: string) => {
    const next = [...draft.measures];
    if (value) next[index] = value as MeasureId;
    else next.splice(index, 1);
    set({ measures: next.filter((m, i) => next.indexOf(m) === i) });
  };
  const compound = (
    member: 'industry_group' | 'industry' | 'region' | 'state',
    label: string,
    parent?: 'industry_group' | 'region',
  ) => (
    <ValueSearch
      dimension={member}
      label={label}
      parent={parent && draft[parent].length === 1 ? draft[parent][0] : undefined}
      selected={draft[member].map((value) => ({ value, label: value, parent: null }))}
      onPick={(picked) => set({ [member]: [...new Set([...draft[member], picked.value])] })}
      onRemove={(value) => set({ [member]: draft[member].filter((v) => v !== value) })}
    />
  );

  return (
    <div className={styles.page}>
      <Card legend="Details">
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Title</span>
          <input
            className={styles.control}
            value={draft.title}
            maxLength={120}
            onChange={(event) => set({ title: event.target.value })}
          />
        </label>
        <Select<ChartType>
          label="Chart type"
          value={draft.type}
          options={CHART_TYPES.map((type) => ({ value: type, label: CHART_TYPE_LABELS[type] }))}
          onChange={(type) => set({ type })}
        />
      </Card>
      <Card legend="Metric">
        {Array.from({ length: measureSlots }, (_, index) => (
          <Select<string>
            key={index}
            label={
              draft.type === 'combo'
                ? index === 0
                  ? 'Bars'
                  : 'Line (second axis)'
                : index === 0
                  ? 'Measure'
                  : `Measure ${index + 1}`
            }
            value={draft.measures[index] ?? ''}
            options={[...(index > 0 ? [{ value: '', label: 'None' }] : []), ...measures]}
            onChange={(value) => setMeasure(index, value)}
          />
        ))}
      </Card>
      {draft.type !== 'kpi' && (
        <Card legend="Plotting">
          <Select<string>
            label={draft.type === 'heatmap' ? 'Columns' : 'Categories (x axis)'}
            value={draft.xAxis}
            options={[{ value: '', label: 'None' }, { value: 'date', label: 'Date' }, ...dimensions]}
            onChange={(xAxis) => set({ xAxis: xAxis as ChartDraft['xAxis'] })}
          />
          {draft.xAxis === 'date' && (
            <Select
              label="By"
              value={draft.granularity}
              options={TIME_GRANULARITIES.map((g) => ({ value: g, label: words(g) }))}
              onChange={(granularity) => set({ granularity })}
            />
          )}
          <Select<string>
            label={draft.type === 'heatmap' ? 'Rows' : 'Split into series by'}
            value={draft.split}
            options={[{ value: '', label: 'None' }, ...dimensions]}
            onChange={(split) => set({ split: split as ChartDraft['split'] })}
          />
          {(draft.type === 'bar' || draft.type === 'area') && (
            <Toggle label="Stacked" checked={draft.stacked} onChange={(stacked) => set({ stacked })} />
          )}
          {draft.type === 'bar' && (
            <Toggle label="Horizontal bars" checked={draft.horizontal} onChange={(horizontal) => set({ horizontal })} />
          )}
          {draft.type === 'pie' && <Toggle label="Donut" checked={draft.donut} onChange={(donut) => set({ donut })} />}
        </Card>
      )}
      <Card legend="Entry">
        <Select<string>
          label="Date range"
          value={draft.range}
          options={[
            { value: '', label: 'All dates' },
            ...DATE_RANGE_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] })),
          ]}
          onChange={(range) => set({ range: range as ChartDraft['range'] })}
        />
        {compound('industry_group', 'Industry group')}
        {compound('industry', 'Industry', 'industry_group')}
        {compound('region', 'Region')}
        {compound('state', 'State', 'region')}
        <Toggle
          label="Ignore the dashboard’s filters"
          checked={draft.ignoreDashboardFilters}
          onChange={(ignoreDashboardFilters) => set({ ignoreDashboardFilters })}
        />
      </Card>
    </div>
  );
}
