// The chart colours from the organisation's theme: ECharts draws on a canvas, which
// cannot read CSS variables, so the theme contract's values are read from the element's computed style.
import { vars } from '../theme/themes.css.ts';
import type { ChartLook } from './chartOption.ts';
import { seriesPalette } from './seriesPalette.ts';

const read = (element: Element, variable: string) =>
  getComputedStyle(element)
    .getPropertyValue(variable.replace(/^var\((--[^),]+).*$/, '$1'))
    .trim();

export function chartLookOf(element: Element): ChartLook {
  const primary = read(element, vars.color.primary) || null;
  return {
    palette: seriesPalette(primary),
    text: read(element, vars.color.text) || '#1f2937',
    muted: read(element, vars.color.textMuted) || '#6b7280',
    border: read(element, vars.color.border) || '#e5e7eb',
  };
}
