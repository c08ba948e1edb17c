// One filter → one SQL condition. Values always pass through the binder (parameters or escaped
// literals); operators come from a closed list; `contains` uses a substring function, never LIKE, so
// % and _ in a search mean themselves.
import type { DimensionType, QueryFilter } from '@payportal/shared/analytics';
import type { Binder, Dialect, ValueType } from './dialect.ts';

export function filterCondition(
  expression: string,
  type: DimensionType | 'number',
  filter: QueryFilter,
  dialect: Dialect,
  binder: Binder,
): string {
  const valueType: ValueType = type;
  const value = (index: number) => binder.value(filter.values[index]!, valueType);
  const list = () => filter.values.map((_, index) => value(index)).join(', ');
  switch (filter.operator) {
    case 'equals':
      return `${expression} = ${value(0)}`;
    case 'notEquals':
      return `(${expression} <> ${value(0)} or ${expression} is null)`;
    case 'in':
      return `${expression} in (${list()})`;
    case 'notIn':
      return `(${expression} not in (${list()}) or ${expression} is null)`;
    case 'gt':
      return `${expression} > ${value(0)}`;
    case 'gte':
      return `${expression} >= ${value(0)}`;
    case 'lt':
      return `${expression} < ${value(0)}`;
    case 'lte':
      return `${expression} <= ${value(0)}`;
    case 'between':
      return `${expression} between ${value(0)} and ${value(1)}`;
    case 'contains':
      return `(${filter.values.map((_, index) => dialect.containsText(expression, value(index))).join(' or ')})`;
    case 'set':
      return `${expression} is not null`;
    case 'notSet':
      return `${expression} is null`;
  }
}
