// The query builder's look, from the theme contract only (organisation themes recolour it).
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { grid } from '../../ui/dataGrid.css.ts';

const narrow = '(max-width: 56rem)';

export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  flexWrap: 'wrap',
  marginBottom: '1rem',
});
export const title = style({ margin: 0, fontSize: '1.5rem' });
export const titleActions = style({ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' });
export const cardActions = style([titleActions, { marginTop: '0.75rem' }]);

/** Builder on the left, preview on the right; one column on a phone. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(18rem, 23rem) minmax(0, 1fr)',
  gap: '1.25rem',
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({ display: 'grid', gap: '1rem', minWidth: 0 });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.625rem',
  padding: '1rem 1.125rem',
  boxShadow: '0 1px 2px rgb(0 0 0 / 5%)',
  minWidth: 0,
});
export const cardTitle = style({ margin: '0 0 0.75rem', fontSize: '1rem', fontWeight: 700 });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: '0.75rem', fontSize: '1rem', fontWeight: 700 });
/** A group inside a card (Industry, Location, Dates): a small heading with a rule above it. */
export const group = style({
  border: 'none',
  borderTop: `1px solid ${vars.color.border}`,
  margin: 0,
  padding: '0.75rem 0 0',
  minWidth: 0,
});
export const groupLegend = style({
  float: 'left', // a floated legend sits inside the box, under the rule, like any heading
  width: '100%',
  padding: 0,
  marginBottom: '0.5rem',
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});
globalStyle(`${group} > legend + *`, { clear: 'both' });

export const field = style({ display: 'grid', gap: '0.3rem', marginBottom: '0.75rem' });
export const label = style({ fontWeight: 600, fontSize: '0.875rem' });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.8125rem', margin: 0 });
export const fieldError = style({ color: vars.color.danger, fontSize: '0.8125rem', margin: 0 });
export const control = style({
  font: 'inherit',
  width: '100%',
  minWidth: 0,
  padding: '0.5rem 0.625rem',
  border: `1px solid ${vars.palette.neutral[400]}`,
  borderRadius: '0.375rem',
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled, &:read-only': { background: vars.palette.neutral[50] },
  },
});
export const inline = style({ display: 'flex', gap: '0.5rem', alignItems: 'center', minWidth: 0 });
export const twoUp = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0.5rem' });

export const checkList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
  gap: '0.35rem 0.75rem',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const check = style({
  display: 'flex',
  gap: '0.4rem',
  alignItems: 'flex-start',
  fontSize: '0.9375rem',
  cursor: 'pointer',
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.375rem',
  listStyle: 'none',
  margin: '0.5rem 0 0',
  padding: 0,
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.25rem',
  padding: '0.15rem 0.25rem 0.15rem 0.6rem',
  borderRadius: '999px',
  background: vars.palette.primary[50],
  border: `1px solid ${vars.palette.primary[200]}`,
  color: vars.palette.primary[900],
  fontSize: '0.8125rem',
});
export const chipRemove = style({
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  lineHeight: 1,
  cursor: 'pointer',
  borderRadius: '999px',
  padding: '0.2rem 0.4rem',
  selectors: { '&:hover': { background: vars.palette.primary[100] } },
});

export const iconButton = style({
  flex: 'none',
  font: 'inherit',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  borderRadius: '0.375rem',
  padding: '0.45rem 0.6rem',
  cursor: 'pointer',
  selectors: { '&:hover:not(:disabled)': { color: vars.color.danger, borderColor: vars.color.danger } },
});

export const combo = style({ position: 'relative' });
export const listbox = style({
  position: 'absolute',
  zIndex: 10,
  insetInline: 0,
  top: 'calc(100% + 0.25rem)',
  maxHeight: '15rem',
  overflowY: 'auto',
  margin: 0,
  padding: '0.25rem 0',
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  boxShadow: '0 8px 24px rgb(0 0 0 / 12%)',
});
export const option = style({
  padding: '0.4rem 0.75rem',
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.palette.primary[100], color: vars.palette.primary[900] } },
});
export const optionEmpty = style({ padding: '0.4rem 0.75rem', color: vars.color.textMuted });

export const previewHead = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '0.5rem 1rem',
  flexWrap: 'wrap',
  marginBottom: '0.75rem',
});
export const figure = style({ fontSize: '0.9375rem', color: vars.color.textMuted, margin: 0 });
export { grid as table, numeric, sortButton } from '../../ui/dataGrid.css.ts';
globalStyle(`${grid} tbody tr:nth-child(even)`, { background: vars.palette.neutral[50] });
export const busy = style({ opacity: 0.55, transition: 'opacity 150ms' });

export const note = style({
  margin: '0 0 0.75rem',
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
export const empty = style({ padding: '2rem 1rem', textAlign: 'center', color: vars.color.textMuted });
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const groups = style({ display: 'grid', gap: '0.75rem' });
/** "Saved …", "Deleted …": a line under the title, empty (and without height) the rest of the time. */
export const notice = style({
  margin: 0,
  fontSize: '0.875rem',
  color: vars.color.textMuted,
  selectors: { '&:not(:empty)': { marginBottom: '0.75rem' } },
});
