// The scenario being built on the simulator: segment, actions, attrition table and
// tolerance, as a valtio store with actions; the screen sends it to the API as it changes.
import { DEFAULT_ATTRITION, type PlanType, type ScenarioDefinition, type SizeTier } from '@payportal/shared/optimizer';
import { proxy } from 'valtio';

export type Actions = ScenarioDefinition['actions'];

const initial = (): ScenarioDefinition => ({
  segment: { industryGroups: [], industries: [], regions: [], states: [], sizeTiers: [], planTypes: [] },
  actions: {
    markupBps: 0,
    perItem: 0,
    moveToIcPlusPlus: null,
    monthlyFee: 0,
    pciFee: 0,
    minimumDiscount: null,
    capBps: null,
  },
  attrition: DEFAULT_ATTRITION.map((row) => ({ ...row })),
  toleranceBps: 25,
});

export const simulator = proxy<{ definition: ScenarioDefinition }>({ definition: initial() });

export function setAction<Key extends keyof Actions>(key: Key, value: Actions[Key]): void {
  simulator.definition.actions[key] = value;
}

export function setTolerance(value: number): void {
  simulator.definition.toleranceBps = value;
}

/** One choice of a segment list on or off; an empty list means every value. */
export function toggleSegment(field: 'planTypes' | 'sizeTiers', value: PlanType | SizeTier, on: boolean): void {
  const list = simulator.definition.segment[field] as string[];
  const next = on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
  (simulator.definition.segment[field] as string[]) = next;
}

export function setSegmentFields(
  changes: Partial<Record<'industryGroups' | 'industries' | 'regions' | 'states', string[]>>,
): void {
  Object.assign(simulator.definition.segment, changes);
}

export function setAttrition(sizeTier: SizeTier, key: 'baseHazard' | 'beta', value: number): void {
  const row = simulator.definition.attrition.find((entry) => entry.sizeTier === sizeTier);
  if (row && Number.isFinite(value)) row[key] = value;
}

export function loadDefinition(definition: ScenarioDefinition): void {
  simulator.definition = structuredClone(definition);
}

export function resetSimulator(): void {
  simulator.definition = initial();
}
