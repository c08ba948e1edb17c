// The dispute desk's screens: the queue's tabs, filters and table, the detail page's cards. Days left
// carry a tinted badge (red overdue, amber within 3 days) beside their words.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { card as uiCard } from '../../ui/card.css.ts';
import { tabs as uiTabs } from '../../ui/tabList.css.ts';

export const screen = style({ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem', color: vars.color.text });
export const title = style({ margin: '0 0 0.25rem', fontSize: vars.font.xxl });
export const intro = style({ color: vars.color.textMuted, marginTop: 0 });
export const card = style([uiCard, { margin: '1rem 0', minWidth: 0 }]);
export const muted = style({ color: vars.color.textMuted });
export const danger = style({ color: vars.color.danger, margin: '0.5rem 0' });
export const status = style({ margin: '0.5rem 0', minHeight: '1.25rem' });
export const row = style({
  display: 'flex',
  gap: '0.5rem',
  flexWrap: 'wrap',
  alignItems: 'center',
  margin: '0.75rem 0',
});

export const tabs = style([uiTabs, { margin: '1rem 0 0' }]);
export { tab } from '../../ui/tabList.css.ts';
export const panel = style({ paddingTop: '0.75rem' });

const badge = style({
  display: 'inline-block',
  padding: '0.1rem 0.5rem',
  borderRadius: '999px',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
export const daysLeft = styleVariants({
  overdue: [
    badge,
    { color: vars.color.danger, background: vars.palette.neutral[50], border: `1px solid currentColor` },
  ],
  soon: [
    badge,
    {
      color: vars.palette.warning[900],
      background: vars.palette.warning[50],
      border: `1px solid ${vars.palette.warning[700]}`,
    },
  ],
  open: [badge, { color: vars.color.text, fontWeight: 400 }],
});

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' });
/** Narrow fields: two share a row on a phone, so the queue is not pushed below the fold. */
export const filterField = style({ flexBasis: '7.5rem' });
export { field } from '../../ui/formFields.css.ts';

export const tableScroll = style({ position: 'relative', overflowX: 'auto' });
export const table = style({
  width: '100%',
  minWidth: '40rem',
  borderCollapse: 'collapse',
  background: vars.color.surface,
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: '0.5rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
globalStyle(`${table} th`, { fontSize: vars.font.sm, color: vars.color.textMuted, fontWeight: 600 });
export const numeric = style({});
globalStyle(`${table} ${numeric}`, { textAlign: 'right' });
export { sortButton } from '../../ui/dataGrid.css.ts';

export const detailGrid = style({
  display: 'grid',
  gap: '0 1rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
  alignItems: 'start',
});
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.35rem 1rem', margin: 0 });
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, minWidth: 0, overflowWrap: 'break-word' });
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0 });
globalStyle(`${timeline} li`, {
  padding: '0.4rem 0 0.4rem 1rem',
  borderLeft: `3px solid ${vars.color.border}`,
});
export const checklist = style({ margin: 0, paddingLeft: '1.25rem' });
globalStyle(`${checklist} li`, { margin: '0.25rem 0' });
export const textarea = style({
  font: 'inherit',
  width: '100%',
  minHeight: '5rem',
  padding: '0.5rem',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  boxSizing: 'border-box',
});
export const viewer = style({ marginTop: '0.75rem', maxWidth: '100%' });
export const image = style({ maxWidth: '100%', height: 'auto', border: `1px solid ${vars.color.border}` });

/** The queue's export card, apart from the table above it. */
export const exportArea = style({ marginTop: '1rem' });

/** /disputes/insights: each chart over its table; the canvas keeps a height a phone can read. */
export const insightCanvas = style({ width: '100%', height: '18rem' });
export const insightTable = style([table, { minWidth: 0 }]);
// On a phone a merchant's name and a column's label wrap, so the four columns fit without scrolling.
globalStyle(`${insightTable} th, ${insightTable} td:first-child`, { whiteSpace: 'normal' });
