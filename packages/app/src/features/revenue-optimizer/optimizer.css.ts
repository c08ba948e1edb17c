// The revenue optimizer's look, from the theme contract only (organisation themes recolour it).
import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { grid } from '../../ui/dataGrid.css.ts';

const narrow = '(max-width: 56rem)';

// minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
export const screen = style({
  maxWidth: '80rem',
  margin: '0 auto',
  padding: '1.25rem 1rem 2rem',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '1rem',
});
export const title = style({ margin: 0, fontSize: '1.5rem' });
export const lead = style({ margin: 0, color: vars.color.textMuted });

export { tab, tabs } from '../../ui/tabList.css.ts';

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.625rem',
  padding: '1rem 1.125rem',
  boxShadow: '0 1px 2px rgb(0 0 0 / 5%)',
  minWidth: 0,
});
export const cardTitle = style({ margin: '0 0 0.75rem', fontSize: '1rem', fontWeight: 700 });

/** Controls on the left, results on the right; one column on a phone. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(17rem, 22rem) minmax(0, 1fr)',
  gap: '1rem',
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({ display: 'grid', gap: '1rem', minWidth: 0 });
export const twoUp = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  gap: '1rem',
  minWidth: 0,
});

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: '0 0.75rem', alignItems: 'end' });
// A long industry name must not stretch its filter across the row.
globalStyle(`${filters} select, ${filters} input`, { maxWidth: '15rem' });
export const field = style({ display: 'grid', gap: '0.3rem', marginBottom: '0.75rem', minWidth: 0 });
export const label = style({
  fontWeight: 600,
  fontSize: '0.875rem',
  display: 'flex',
  justifyContent: 'space-between',
  gap: '0.5rem',
});
export const hint = style({ color: vars.color.textMuted, fontSize: '0.8125rem', margin: 0 });
export const control = style({
  font: 'inherit',
  minWidth: 0,
  padding: '0.45rem 0.6rem',
  border: `1px solid ${vars.palette.neutral[400]}`,
  borderRadius: '0.375rem',
  background: vars.color.surface,
  color: vars.color.text,
});
export const slider = style({ width: '100%', accentColor: vars.color.primary });
export const checks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem 0.75rem',
  border: 'none',
  padding: 0,
  margin: '0 0 0.75rem',
});
export const legend = style({ fontWeight: 600, fontSize: '0.875rem', padding: 0, marginBottom: '0.3rem' });
export const check = style({ display: 'flex', gap: '0.35rem', alignItems: 'center', fontSize: '0.875rem' });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
  gap: '0.75rem',
  margin: '0 0 0.75rem',
});
export const figure = style({ margin: 0 });
globalStyle(`${figure} dt`, { fontSize: '0.8125rem', color: vars.color.textMuted });
globalStyle(`${figure} dd`, { margin: 0, fontSize: '1.125rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const bars = style({ display: 'grid', gap: '0.35rem', listStyle: 'none', margin: '0 0 0.5rem', padding: 0 });
export const bar = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 11rem) minmax(0, 1fr) auto',
  gap: '0.25rem 0.5rem',
  alignItems: 'center',
  fontSize: '0.875rem',
  // On a phone the label and figure share a line and the bar runs under them, full width.
  '@media': {
    '(max-width: 30rem)': {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gridTemplateAreas: '"label value" "track track"',
    },
  },
});
export const barLabel = style({ '@media': { '(max-width: 30rem)': { gridArea: 'label' } } });
export const barTrack = style({
  '@media': { '(max-width: 30rem)': { gridArea: 'track' } },
  height: '0.85rem',
  background: vars.palette.neutral[100],
  borderRadius: '0.25rem',
  position: 'relative',
  overflow: 'hidden',
});
export const barFill = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  background: vars.color.primary,
  borderRadius: '0.25rem',
});
export const barLoss = style({ background: vars.color.danger });
export const barValue = style({
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'right',
  minWidth: '6.5rem',
  '@media': { '(max-width: 30rem)': { gridArea: 'value' } },
});

export { grid as table, numeric, sortButton } from '../../ui/dataGrid.css.ts';
/** A cell of long text (a leakage cause) that wraps instead of widening the table past its box. */
export const wrapping = style({});
globalStyle(`${grid} ${wrapping}`, { whiteSpace: 'normal', minWidth: '15rem' });
export const flag = style({
  fontSize: '0.75rem',
  fontWeight: 700,
  padding: '0.1rem 0.4rem',
  borderRadius: '0.25rem',
  border: `1px solid ${vars.color.border}`,
});
export const underFlag = style([flag, { color: vars.color.danger, borderColor: vars.color.danger }]);
// A card whose answer is being worked out again keeps its text at full contrast (faded text failed
// WCAG's 4.5:1 while the payouts recomputed) and shows a bar sweeping along its top edge instead.
const sweep = keyframes({ '0%': { backgroundPosition: '100% 0' }, '100%': { backgroundPosition: '-100% 0' } });
export const busy = style({
  position: 'relative',
  cursor: 'progress',
  '::before': {
    content: '""',
    position: 'absolute',
    insetInline: '0.625rem',
    top: 0,
    height: '0.1875rem',
    borderRadius: '999px',
    backgroundImage: `linear-gradient(90deg, transparent, ${vars.color.primary}, transparent)`,
    backgroundSize: '200% 100%',
    animation: `${sweep} 1.1s linear infinite`,
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { selectors: { '&::before': { animation: 'none', opacity: 0.6 } } },
  },
});
export const note = style({
  margin: 0,
  padding: '0.6rem 0.75rem',
  borderRadius: '0.375rem',
  background: vars.color.bannerBackground,
  color: vars.color.bannerText,
  border: `1px solid ${vars.color.bannerBorder}`,
  fontSize: '0.875rem',
});
export const alert = style([
  note,
  { background: vars.color.surface, color: vars.color.danger, borderColor: vars.color.danger },
]);
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' });
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.35rem' });
/** A saved scenario: its name, then its buttons; the buttons go under the name on a phone. */
export const scenarioRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '0.5rem',
  alignItems: 'center',
  padding: '0.4rem 0',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { '(max-width: 30rem)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const smallButtons = style({ display: 'flex', gap: '0.4rem', flexWrap: 'wrap' });
export const numberInput = style([control, { width: '4.25rem', padding: '0.25rem 0.35rem' }]);
