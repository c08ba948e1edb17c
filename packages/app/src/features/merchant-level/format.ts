// Numbers as the catalogue formats them, plus signed changes.
import { formatCell, type MetricFormat } from '@payportal/shared/analytics';

export const shown = (value: number | null, format: MetricFormat) => formatCell(value, { type: 'number', format });
export const signedChange = (change: number | null) =>
  change === null ? '—' : `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)} %`;
