import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { describe, expect, it } from 'vitest';
import { emptyBuilder, type BuilderState } from './builderStore.ts';
import { fromQueryDescription, toQueryDescription } from './toQueryDescription.ts';

const built = (change: Partial<BuilderState>): BuilderState => ({ ...emptyBuilder(), ...change });

describe('toQueryDescription', () => {
  it('asks nothing until an attribute or metric is chosen', () => {
    expect(toQueryDescription(emptyBuilder())).toBeNull();
  });

  it('turns every choice into a description the shared schema accepts', () => {
    const state = built({
      measures: ['gsv'],
      dimensions: ['industry', 'state'],
      selections: {
        industry_group: [{ value: 'Retail', label: 'Retail', parent: null }],
        industry: [{ value: '5411', label: '5411 Grocery', parent: 'Retail' }],
        region: [],
        state: [{ value: 'TX', label: 'TX Texas', parent: 'South' }],
        sub_iso: [],
        agent: [{ value: 'Lakeside Payments', label: 'Lakeside Payments', parent: 'Northern Sales' }],
      },
      date: { range: 'custom', from: '2026-01-01', to: '2026-03-31', granularity: 'week' },
      order: { member: 'gsv', direction: 'desc' },
    });
    const description = toQueryDescription(state)!;
    expect(queryDescriptionSchema.safeParse(description).success).toBe(true);
    expect(description).toEqual({
      measures: ['gsv'],
      dimensions: ['industry', 'state'],
      timeDimension: { dimension: 'date', granularity: 'week', dateRange: ['2026-01-01', '2026-03-31'] },
      filters: [
        { member: 'industry_group', operator: 'in', values: ['Retail'] },
        { member: 'industry', operator: 'in', values: ['5411'] },
        { member: 'state', operator: 'in', values: ['TX'] },
        { member: 'agent', operator: 'in', values: ['Lakeside Payments'] },
      ],
      order: [{ member: 'gsv', direction: 'desc' }],
    });
  });

  it('leaves out an order on a column the query no longer has, and a date that neither filters nor is a column', () => {
    const description = toQueryDescription(
      built({
        measures: ['transactions'],
        order: { member: 'state', direction: 'asc' },
        date: { range: 'all', from: '', to: '', granularity: 'none' },
      }),
    )!;
    expect(description.order).toEqual([]);
    expect(description.timeDimension).toBeUndefined();
  });

  it('reads a saved description back into the same choices (edit mode)', () => {
    const state = built({
      name: 'Texas grocery',
      description: 'Weekly',
      measures: ['gsv', 'approval_rate'],
      dimensions: ['state'],
      selections: {
        industry_group: [],
        industry: [],
        region: [{ value: 'South', label: 'South', parent: null }],
        state: [],
        sub_iso: [{ value: 'Northern Sales', label: 'Northern Sales', parent: null }],
        agent: [],
      },
      date: { range: 'last_year', from: '', to: '', granularity: 'quarter' },
      order: { member: 'state', direction: 'asc' },
    });
    const saved = queryDescriptionSchema.parse(toQueryDescription(state));
    const { state: back, unshown } = fromQueryDescription(saved, { name: 'Texas grocery', description: 'Weekly' });
    expect(unshown).toBe(0);
    expect(toQueryDescription(back)).toEqual(toQueryDescription(state));
    expect(back.name).toBe('Texas grocery');
  });
});
