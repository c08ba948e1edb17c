import type { AnalyticsEngine } from '@payportal/analytics';
import { queryDescriptionSchema } from '@payportal/shared/analytics';
import { describe, expect, it } from 'vitest';
import { createRowCounter } from './rowCounter.ts';

describe('remembered row counts', () => {
  it('[X5] counts a description once per data version, whatever the order of its keys', async () => {
    let counted = 0;
    let version = '1';
    const engine = {
      count: async () => ++counted * 100,
      dataVersion: async () => version,
    } as unknown as AnalyticsEngine;
    const counter = createRowCounter(engine);
    const scope = { orgId: 1, today: '2026-11-23' };
    const description = queryDescriptionSchema.parse({ measures: ['gsv'], dimensions: ['region'] });
    const fromJsonb = JSON.parse(
      '{"order":[],"filters":[],"measures":["gsv"],"dimensions":["region"]}',
    ) as typeof description;
    expect(await counter.count(description, scope, { rowCap: 10 })).toBe(100);
    expect(await counter.count(fromJsonb, scope, { rowCap: 10 })).toBe(100);
    expect(await counter.count(description, scope, { rowCap: 20 })).toBe(200);
    version = '2';
    expect(await counter.count(description, scope, { rowCap: 10 })).toBe(300);
  });
});
