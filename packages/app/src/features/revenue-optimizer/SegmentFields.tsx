// The compound segment fields ("compound industry and region filters"): industry group →
// industry (MCC) and region → state, as the chart and CSV fields offer them. Choosing a parent keeps only
// the children under it; a child without a parent chosen lists every parent's children.
import type { SegmentOptions } from '@payportal/shared/optimizer';
import * as css from './optimizer.css.ts';

export type CompoundField = 'industryGroups' | 'industries' | 'regions' | 'states';

interface Props {
  segment: Readonly<Record<CompoundField, readonly string[]>>;
  options: SegmentOptions | null;
  onChange: (changes: Partial<Record<CompoundField, string[]>>) => void;
}

function Level({
  label,
  every,
  value,
  choices,
  onPick,
}: {
  label: string;
  every: string;
  value: string;
  choices: { value: string; label: string }[];
  onPick: (value: string) => void;
}) {
  return (
    <label className={css.field}>
      <span className={css.label}>{label}</span>
      <select className={css.control} value={value} onChange={(event) => onPick(event.target.value)}>
        <option value="">{every}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SegmentFields({ segment, options, onChange }: Props) {
  const group = segment.industryGroups[0] ?? '';
  const region = segment.regions[0] ?? '';
  const industries = (options?.industries ?? []).filter((industry) => !group || industry.parent === group);
  const states = (options?.states ?? []).filter((state) => !region || state.parent === region);
  const list = (value: string) => (value ? [value] : []);
  const keep = (chosen: readonly string[], under: { value: string; parent: string }[], parent: string) =>
    chosen.filter((value) => !parent || under.some((child) => child.value === value && child.parent === parent));
  return (
    <>
      <Level
        label="Industry group"
        every="Every industry group"
        value={group}
        choices={(options?.industryGroups ?? []).map((name) => ({ value: name, label: name }))}
        onPick={(value) =>
          onChange({
            industryGroups: list(value),
            industries: keep(segment.industries, options?.industries ?? [], value),
          })
        }
      />
      <Level
        label="Industry"
        every="Every industry"
        value={segment.industries[0] ?? ''}
        choices={industries.map((industry) => ({
          value: industry.value,
          label: `${industry.label} (${industry.value})`,
        }))}
        onPick={(value) => onChange({ industries: list(value) })}
      />
      <Level
        label="Region"
        every="Every region"
        value={region}
        choices={(options?.regions ?? []).map((name) => ({ value: name, label: name }))}
        onPick={(value) =>
          onChange({ regions: list(value), states: keep(segment.states, options?.states ?? [], value) })
        }
      />
      <Level
        label="State"
        every="Every state"
        value={segment.states[0] ?? ''}
        choices={states.map((state) => ({ value: state.value, label: state.label }))}
        onPick={(value) => onChange({ states: list(value) })}
      />
    </>
  );
}
