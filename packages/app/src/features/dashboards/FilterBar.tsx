// The dashboard-level filters: a date range (replacing each chart's own), the
// compound industry and region searches, the portfolio's sub-ISO → agent search (for the whole
// organisation only: a scoped session's book is already chosen, README "Portfolio filters"), card
// brand and channel. They apply to every chart unless it opts out. Values are kept in the URL by the screen.
import { DATE_RANGE_PRESETS, DIMENSION_VALUE_LABELS } from '@payportal/shared/analytics';
import type { DashboardFilters } from '@payportal/shared/dashboards';
import { useSnapshot } from 'valtio';
import { PRESET_LABELS, ValueSearch } from '../query-builder/index.ts';
import { session } from '../session/index.ts';
import * as styles from './dashboards.css.ts';

type ListKey = 'industry_group' | 'industry' | 'region' | 'state' | 'sub_iso' | 'agent';

export function FilterBar({
  filters,
  onChange,
}: {
  filters: DashboardFilters;
  onChange: (next: DashboardFilters) => void;
}) {
  const { current } = useSnapshot(session);
  const wholeOrganisation = current.status === 'signedIn' && !current.scoped;
  const set = (patch: Partial<DashboardFilters>) => onChange({ ...filters, ...patch });
  const range = typeof filters.dateRange === 'string' ? filters.dateRange : '';
  const search = (key: ListKey, label: string, parent?: ListKey) => {
    const values = filters[key] ?? [];
    const parents = parent ? (filters[parent] ?? []) : [];
    return (
      <div className={styles.field}>
        <ValueSearch
          dimension={key}
          label={label}
          parent={parents.length === 1 ? parents[0] : undefined}
          selected={values.map((value) => ({ value, label: value, parent: null }))}
          onPick={(picked) => set({ [key]: [...new Set([...values, picked.value])] })}
          onRemove={(value) => set({ [key]: values.filter((v) => v !== value) })}
        />
      </div>
    );
  };
  const active = Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : Boolean(value)));
  return (
    <form className={styles.filterBar} aria-label="Dashboard filters" onSubmit={(event) => event.preventDefault()}>
      <label className={`${styles.field} ${styles.wideField}`}>
        <span className={styles.fieldLabel}>Date range</span>
        <select
          className={styles.control}
          value={range}
          onChange={(event) => set({ dateRange: (event.target.value || undefined) as DashboardFilters['dateRange'] })}
        >
          <option value="">Each chart’s own</option>
          {DATE_RANGE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {PRESET_LABELS[preset]}
            </option>
          ))}
        </select>
      </label>
      {search('industry_group', 'Industry group')}
      {search('industry', 'Industry', 'industry_group')}
      {search('region', 'Region')}
      {search('state', 'State', 'region')}
      {wholeOrganisation && search('sub_iso', 'Sub-ISO')}
      {wholeOrganisation && search('agent', 'Agent', 'sub_iso')}
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Card brand</span>
        <select
          className={styles.control}
          value={filters.card_brand?.[0] ?? ''}
          onChange={(event) => set({ card_brand: event.target.value ? [event.target.value] : undefined })}
        >
          <option value="">All brands</option>
          {Object.entries(DIMENSION_VALUE_LABELS.card_brand).map(([brand, label]) => (
            <option key={brand} value={brand}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Channel</span>
        <select
          className={styles.control}
          value={filters.channel?.[0] ?? ''}
          onChange={(event) => set({ channel: event.target.value ? [event.target.value] : undefined })}
        >
          <option value="">All channels</option>
          {Object.entries(DIMENSION_VALUE_LABELS.channel).map(([channel, label]) => (
            <option key={channel} value={channel}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {active && (
        <button type="button" className={styles.smallButton} onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
    </form>
  );
}
