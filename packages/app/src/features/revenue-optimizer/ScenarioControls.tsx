// The simulator's inputs: the segment (industry group, region, size tier, plan
// type) and the actions, as sliders that change the result as they move.
import {
  PLAN_TYPE_LABELS,
  PLAN_TYPES,
  SIZE_TIERS,
  type PlanType,
  type SegmentOptions,
  type SizeTier,
} from '@payportal/shared/optimizer';
import { useSnapshot } from 'valtio';
import { money } from './formatFigures.ts';
import * as css from './optimizer.css.ts';
import { SegmentFields } from './SegmentFields.tsx';
import { setAction, setSegmentFields, setTolerance, simulator, toggleSegment } from './simulatorStore.ts';
import { Slider } from './Slider.tsx';

/** The fees an action adds to every plan in the segment, each from nothing up to its slider's end. */
const FEE_SLIDERS = [
  { key: 'markupBps', label: 'Markup', max: 100, step: 1, text: (value: number) => `${value} bps` },
  { key: 'perItem', label: 'Per-item fee', max: 0.3, step: 0.01, text: money },
  { key: 'monthlyFee', label: 'Monthly fee', max: 50, step: 1, text: money },
  { key: 'pciFee', label: 'PCI fee', max: 30, step: 1, text: money },
] as const;

export function ScenarioControls({ options }: { options: SegmentOptions | null }) {
  const { definition } = useSnapshot(simulator);
  const { actions, segment } = definition;
  const move = actions.moveToIcPlusPlus;
  return (
    <section className={css.card} aria-labelledby="scenario-controls">
      <h2 id="scenario-controls" className={css.cardTitle}>
        Scenario
      </h2>
      <SegmentFields segment={segment} options={options} onChange={setSegmentFields} />
      <CheckGroup
        legend="Size tier (none ticked: every tier)"
        field="sizeTiers"
        choices={SIZE_TIERS.map((tier) => [tier, tier])}
        ticked={segment.sizeTiers}
      />
      <CheckGroup
        legend="Plan type (none ticked: every plan)"
        field="planTypes"
        choices={PLAN_TYPES.map((type) => [type, PLAN_TYPE_LABELS[type]])}
        ticked={segment.planTypes}
      />
      {FEE_SLIDERS.map(({ key, label, max, step, text }) => (
        <Slider
          key={key}
          label={label}
          min={0}
          max={max}
          step={step}
          value={actions[key]}
          text={`+${text(actions[key])}`}
          onChange={(value) => setAction(key, value)}
        />
      ))}
      <Slider
        label="Monthly minimum"
        min={0}
        max={100}
        step={5}
        value={actions.minimumDiscount ?? 0}
        text={actions.minimumDiscount ? `${money(actions.minimumDiscount)} a month` : 'Each plan’s own'}
        onChange={(value) => setAction('minimumDiscount', value > 0 ? value : null)}
      />
      <label className={css.check}>
        <input
          type="checkbox"
          checked={move !== null}
          onChange={(event) =>
            setAction('moveToIcPlusPlus', event.target.checked ? { markupBps: 30, perItem: 0.08 } : null)
          }
        />
        Move blended, tiered and flat plans to IC++
      </label>
      {move && (
        <>
          <Slider
            label="IC++ markup"
            min={0}
            max={100}
            step={1}
            value={move.markupBps}
            text={`${move.markupBps} bps`}
            onChange={(value) => setAction('moveToIcPlusPlus', { ...move, markupBps: value })}
          />
          <Slider
            label="IC++ per-item fee"
            min={0}
            max={0.3}
            step={0.01}
            value={move.perItem}
            text={money(move.perItem)}
            onChange={(value) => setAction('moveToIcPlusPlus', { ...move, perItem: value })}
          />
        </>
      )}
      <Slider
        label="Cap per merchant"
        min={0}
        max={100}
        step={1}
        value={actions.capBps ?? 100}
        text={actions.capBps === null ? 'No cap' : `${actions.capBps} bps`}
        onChange={(value) => setAction('capBps', value >= 100 ? null : value)}
      />
      <Slider
        label="Tolerance"
        min={0}
        max={100}
        step={1}
        value={definition.toleranceBps}
        text={`${definition.toleranceBps} bps`}
        onChange={setTolerance}
      />
    </section>
  );
}

/** Ticks for one segment list; an empty list means every value. */
function CheckGroup({
  legend,
  field,
  choices,
  ticked,
}: {
  legend: string;
  field: 'sizeTiers' | 'planTypes';
  choices: [PlanType | SizeTier, string][];
  ticked: readonly string[];
}) {
  return (
    <fieldset className={css.checks}>
      <legend className={css.legend}>{legend}</legend>
      {choices.map(([value, label]) => (
        <label key={value} className={css.check}>
          <input
            type="checkbox"
            checked={ticked.includes(value)}
            onChange={(event) => toggleSegment(field, value, event.target.checked)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
