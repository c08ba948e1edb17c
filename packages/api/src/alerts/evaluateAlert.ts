// One alert's check, asked through the query API's engine (the dashboards' numbers): the window's
// figure per merchant (or for the portfolio) and, when the rule compares or a quiet merchant must be
// seen, the previous period's; the items that meet the condition come back with their figures.
import type { AnalyticsEngine } from '@payportal/analytics';
import { windowDays, type AlertFiringItem, type AlertRule } from '@payportal/shared/alerts';
import { addDays, MEASURES, type QueryDescription, type QueryResult } from '@payportal/shared/analytics';

export interface AlertCheck {
  /** The current period's question, as the query API takes it. */
  query: QueryDescription;
  items: AlertFiringItem[];
}

/** The windows end yesterday: the data's last whole day. */
export function alertPeriods(
  rule: AlertRule,
  today: string,
): { current: [string, string]; previous: [string, string] } {
  const days = windowDays(rule.window, rule.window_days);
  const end = addDays(today, -1);
  const start = addDays(end, -(days - 1));
  return { current: [start, end], previous: [addDays(start, -days), addDays(start, -1)] };
}

export function alertQuery(rule: AlertRule, range: [string, string]): QueryDescription {
  const perMerchant = rule.scope === 'merchant';
  return {
    measures: [rule.measure],
    dimensions: perMerchant ? ['merchant_id', 'merchant_name'] : [],
    timeDimension: { dimension: 'date', dateRange: range },
    filters: rule.filters,
    order: perMerchant ? [{ member: 'merchant_id', direction: 'asc' }] : [],
  };
}

/** Counts and money are 0 where nothing happened; a ratio is unknown there. */
const zeroWhenAbsent = (rule: AlertRule) => ['count', 'money'].includes(MEASURES[rule.measure].format);

function byKey(result: QueryResult, rule: AlertRule): Map<string, { name: string | null; value: number | null }> {
  const names = result.columns.map((column) => column.name);
  const valueAt = names.indexOf(rule.measure);
  const idAt = names.indexOf('merchant_id');
  const nameAt = names.indexOf('merchant_name');
  return new Map(
    result.rows.map((row) => [
      idAt < 0 ? '' : String(row[idAt]),
      {
        name: nameAt < 0 ? null : (row[nameAt] as string | null),
        value: typeof row[valueAt] === 'number' ? (row[valueAt] as number) : null,
      },
    ]),
  );
}

export function meetsCondition(rule: AlertRule, value: number | null, previous: number | null): boolean {
  if (value === null) return false;
  switch (rule.condition) {
    case 'above':
      return value > rule.threshold;
    case 'below':
      return value < rule.threshold;
    case 'increase':
    case 'decrease': {
      if (previous === null) return false;
      const sign = rule.condition === 'increase' ? 1 : -1;
      if (rule.change_unit === 'points') return sign * (value - previous) > rule.threshold;
      if (previous === 0) return false;
      return (sign * (value - previous) * 100) / Math.abs(previous) > rule.threshold;
    }
  }
}

export async function checkAlert(
  engine: AnalyticsEngine,
  rule: AlertRule,
  scope: { orgId: number; today: string },
  timeoutMs: number,
): Promise<AlertCheck> {
  const periods = alertPeriods(rule, scope.today);
  const query = alertQuery(rule, periods.current);
  const compares = rule.condition === 'increase' || rule.condition === 'decrease';
  // A merchant that went quiet has no row in the window: the previous period names it.
  const findsQuiet = rule.scope === 'merchant' && rule.condition === 'below' && zeroWhenAbsent(rule);
  const [current, previous] = await Promise.all([
    engine.query(query, scope, { timeoutMs }),
    compares || findsQuiet ? engine.query(alertQuery(rule, periods.previous), scope, { timeoutMs }) : null,
  ]);
  const now = byKey(current, rule);
  const before = previous ? byKey(previous, rule) : new Map<string, { name: string | null; value: number | null }>();
  if (rule.scope === 'portfolio' && !now.has('')) now.set('', { name: null, value: zeroWhenAbsent(rule) ? 0 : null });
  if (findsQuiet) for (const [key, { name }] of before) if (!now.has(key)) now.set(key, { name, value: 0 });
  const items: AlertFiringItem[] = [];
  for (const [key, { name, value }] of now) {
    const prior = before.get(key)?.value ?? (previous && zeroWhenAbsent(rule) ? 0 : null);
    if (meetsCondition(rule, value, compares ? prior : null)) {
      items.push({
        merchant_id: rule.scope === 'merchant' ? key : null,
        merchant_name: name,
        value,
        previous: compares ? prior : null,
      });
    }
  }
  // The worst first: the highest figure for above and rises, the lowest for below and falls.
  const direction = rule.condition === 'above' || rule.condition === 'increase' ? -1 : 1;
  items.sort(
    (a, b) =>
      direction * ((a.value ?? 0) - (b.value ?? 0)) || String(a.merchant_id).localeCompare(String(b.merchant_id)),
  );
  return { query, items };
}
